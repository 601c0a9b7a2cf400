/**
 * **Variants**: how many takes one Generate makes (1-4), each a paid job of
 * the same request, shown as one set and opened side by side when all have
 * finished. Says what the set costs when a rate card gives one job's price.
 */
import { useId } from 'react';
import type { GenerationKind } from '../../../../shared/api';
import { setCostText, VARIANTS_MAX, VARIANTS_MIN, variantsAllowed } from '../../../../shared/domain/sets';
import { useStore } from '../../state/store';
import { activeRateCard, quoteDraft } from '../../domain/generate/costs';
import { initialDraft } from '../../domain/generate/draft';

/**
 * One job's price in credits: the active environment's rate card applied to
 * the form as it stands (surcharges included), the same quote the Generate
 * button shows for one take. Undefined when no card prices this kind: then no
 * price is claimed and the form says only what is certain.
 */
export function useCreditsPerJob(kind: GenerationKind): number | undefined {
  const card = useStore((s) => activeRateCard(s.settings));
  const draft = useStore((s) => s.drafts[kind]);
  return quoteDraft(card, kind, draft ?? initialDraft(kind));
}

export function VariantsField({ kind }: { kind: GenerationKind }) {
  const id = useId();
  const count = useStore((s) => s.variants[kind] ?? 1);
  const setVariants = useStore((s) => s.setVariants);
  const price = useCreditsPerJob(kind);
  if (!variantsAllowed(kind)) return null;
  const cost = setCostText(count, price);
  return (
    <div className="field variants-field">
      <label className="field-label" htmlFor={id}>
        Variants
      </label>
      <input
        id={id}
        className="input variants-input"
        type="number"
        min={VARIANTS_MIN}
        max={VARIANTS_MAX}
        step={1}
        value={count}
        aria-describedby={`${id}-help`}
        onChange={(e) => setVariants(kind, Number(e.target.value))}
      />
      <div id={`${id}-help`} className="field-help">
        {cost ?? 'Takes of the same settings to choose between (1 to 4). They open side by side when all have finished.'}
      </div>
    </div>
  );
}
