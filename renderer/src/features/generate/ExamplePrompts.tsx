/**
 * The empty viewport's first steps: a few example prompts (one click fills
 * the form of their kind) and, on the built-in sandbox, one line saying what
 * it is, so a first result that looks like a sample shape is no surprise.
 */
import { ENDPOINTS, type GenerationKind } from '../../../../shared/api';
import { useStore } from '../../state/store';
import { selectActive } from '../../state/slices/settings';

export const EXAMPLE_PROMPTS: readonly { kind: GenerationKind; prompt: string }[] = [
  { kind: 'text-to-3d', prompt: 'a weathered bronze knight helmet with a red plume' },
  { kind: 'text-to-3d', prompt: 'a low-poly wooden treasure chest with iron bands' },
  { kind: 'text-to-image', prompt: 'a cosy reading nook in a treehouse, soft watercolour' },
  { kind: 'text-to-worldbox', prompt: 'a misty pine forest at dawn, sun rays through the trees' },
];

export const SANDBOX_LINE =
  'You are on the built-in sandbox: a free stand-in for the service, on this computer. Its results are simple sample shapes and pictures, and cost nothing.';

export function ExamplePrompts() {
  const startFrom = useStore((s) => s.startFrom);
  const builtin = useStore((s) => selectActive(s)?.environment.builtin ?? false);
  return (
    <div className="examples" aria-label="Examples to start from" role="group">
      <p className="examples-title">Try one of these:</p>
      <ul className="examples-list">
        {EXAMPLE_PROMPTS.map((e) => (
          <li key={e.prompt}>
            <button type="button" className="btn btn-secondary btn-small examples-item" onClick={() => startFrom(e.kind, { prefill: { prompt: e.prompt } })}>
              <span className="examples-kind">{ENDPOINTS[e.kind].label}</span> {e.prompt}
            </button>
          </li>
        ))}
      </ul>
      {builtin ? <p className="examples-note">{SANDBOX_LINE}</p> : null}
    </div>
  );
}
