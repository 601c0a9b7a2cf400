/**
 * The Generate panel: the "Generation type" selector (every kind of the
 * catalogue's menu; coming-soon kinds disabled unless the active key has
 * early access), the chosen kind's form, and the Generate button
 * (Ctrl/Cmd+Enter submits from anywhere in the window).
 */
import { useCallback, useEffect, useId, useRef } from 'react';
import { ENDPOINTS, GENERATION_MENU, isGenerationKind, type GenerationKind } from '../../../../shared/api';
import { Button } from '../../components/Button';
import { useStore } from '../../state/store';
import { bridge } from '../../bridge';
import { initialDraft, validateDraft } from '../../domain/generate/draft';
import { KindForm, surchargeNotes } from './KindForm';
import { selectEarlyAccess } from './selectors';
import { prepareSketch } from './sketch-export';
import { activeRateCard, creditsText } from '../../domain/generate/costs';
import { blockedLine, requestFromForm } from '../../domain/generate/form-request';
import { clampVariants, variantsAllowed } from '../../../../shared/domain/sets';
import { submissionBelongs } from '../../domain/generate/follow-result';
import { uploadPickedImage } from './image-chain';
import { SubmitStatus } from './SubmitStatus';
import { VariantsField } from './VariantsField';
import { useStagedFilesHeld } from './staged-held';

export const COMING_SOON_EXPLANATION =
  'The types under "Coming soon" are not enabled for public API keys yet. Mark the active key as having early access in Settings to use them.';

export function isKindUsable(kind: GenerationKind, earlyAccess: boolean): boolean {
  return ENDPOINTS[kind].availability === 'available' || earlyAccess;
}

/** Validates, prepares (the sketch's PNG) and submits the current kind's draft. */
export async function submitCurrent(): Promise<boolean> {
  const state = useStore.getState();
  const kind = state.generateKind;
  if (!isKindUsable(kind, selectEarlyAccess(state))) return false;
  if (state.submissions[kind]?.phase === 'submitting') return false;
  // A field showing an error stops everything, the free upload of a picked image included (submitGenerate shows every problem and sends nothing).
  if (state.formRequest(kind).state === 'blocked') return state.submitGenerate(kind);
  if (!(await uploadPickedImage(kind))) return false;
  if (kind === 'sketch-to-image' && !(await prepareSketch(state.drafts[kind] ?? initialDraft(kind)))) {
    // Show the form's other problems too, keeping the drawing's message on the Sketch group.
    const sketchError = useStore.getState().fieldErrors[kind]?.file;
    const checked = validateDraft(kind, useStore.getState().drafts[kind] ?? initialDraft(kind));
    if (!checked.ok) {
      const { sketchData: _ignored, ...rest } = checked.errors;
      for (const [path, message] of Object.entries(rest)) useStore.getState().setFieldError(kind, path, message);
    }
    if (sketchError) useStore.getState().setFieldError(kind, 'file', sketchError);
    return false;
  }
  return useStore.getState().submitGenerate(kind);
}

/**
 * Focus after Generate sends nothing: on the first field showing an error. True when one was found (the
 * messages may render a moment after the store has them: the panel tries again when they do).
 */
function focusFirstError(form: HTMLFormElement | null): boolean {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return false;
  // A hidden file input stands for its drop zone: focus the zone's picker button instead.
  const target = invalid.classList.contains('visually-hidden') ? (invalid.parentElement?.querySelector<HTMLElement>('button') ?? invalid) : invalid;
  target.focus();
  return true;
}

function useJobUpdates() {
  const noteJobsChanged = useStore((s) => s.noteJobsChanged);
  useEffect(() => {
    try {
      const api = bridge().api.jobs;
      const offChanged = api.onChanged((jobs) => noteJobsChanged(jobs));
      const offListed = api.onListed((jobs) => noteJobsChanged(jobs));
      return () => {
        offChanged();
        offListed();
      };
    } catch {
      // No host yet (a test without a bridge): nothing to follow.
      return undefined;
    }
  }, [noteJobsChanged]);
}

export function GeneratePanel() {
  const selectId = useId();
  const kind = useStore((s) => s.generateKind);
  const setKind = useStore((s) => s.setGenerateKind);
  const earlyAccess = useStore(selectEarlyAccess);
  const lastSubmission = useStore((s) => s.submissions[kind]);
  const active = useStore((s) => s.settings?.active ?? undefined);
  const submission = lastSubmission && submissionBelongs(lastSubmission.sentWith, active) ? lastSubmission : undefined;
  const draft = useStore((s) => s.drafts[kind]);
  const resetDraft = useStore((s) => s.resetDraft);
  const usable = isKindUsable(kind, earlyAccess);
  const spec = ENDPOINTS[kind];
  const notes = Object.values(surchargeNotes(kind, draft ?? initialDraft(kind))).flat();
  const takes = useStore((s) => s.variants[kind] ?? 1);
  const errors = useStore((s) => s.fieldErrors[kind]);
  const card = useStore((s) => activeRateCard(s.settings));
  const submitting = lastSubmission?.phase === 'submitting';
  // The same answer submitGenerate acts on: the button is off, and quotes nothing, while a field shows an error.
  const request = requestFromForm({
    kind,
    draft: draft ?? initialDraft(kind),
    shownErrors: errors ?? {},
    takes: variantsAllowed(kind) ? clampVariants(takes) : 1,
    card,
    usable,
    submitting,
  });
  // Variants are separate paid jobs: the quote is for all of them.
  const quote = request.quote;
  const blocked = blockedLine(request);
  const formRef = useRef<HTMLFormElement>(null);
  useJobUpdates();
  useStagedFilesHeld();

  // Focus stays where it was when Generate sends (the button stays focusable while a send is on its way);
  // when nothing was sent it goes to the first field that says why, once that field shows it.
  const focusPending = useRef(false);
  const submit = useCallback(() => {
    void submitCurrent().then((sent) => {
      if (!sent) focusPending.current = !focusFirstError(formRef.current);
    });
  }, []);
  useEffect(() => {
    if (focusPending.current && focusFirstError(formRef.current)) focusPending.current = false;
  }, [errors]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.defaultPrevented) return;
      if (useStore.getState().settingsOpen) return;
      e.preventDefault();
      submit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [submit]);

  return (
    <section className="generate" aria-label="Generate">
      <form
        ref={formRef}
        className="generate-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={selectId}>
            Generation type
          </label>
          <select
            id={selectId}
            className="input"
            value={kind}
            aria-describedby={`${selectId}-summary ${selectId}-soon`}
            onChange={(e) => {
              if (isGenerationKind(e.target.value)) setKind(e.target.value);
            }}
          >
            {GENERATION_MENU.map((group) => (
              <optgroup key={group.group} label={group.group}>
                {group.kinds.map((k) => (
                  <option key={k} value={k} disabled={!isKindUsable(k, earlyAccess)}>
                    {ENDPOINTS[k].label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <div id={`${selectId}-summary`} className="field-help">
            {spec.summary}
          </div>
          <div id={`${selectId}-soon`} className="field-help field-help-soon">
            {earlyAccess ? 'Coming-soon types are enabled: the active key has early access. Their contracts may still change.' : COMING_SOON_EXPLANATION}
          </div>
        </div>
        <fieldset className="kind-fieldset" disabled={!usable} aria-label={`${spec.label} options`}>
          <KindForm kind={kind} />
        </fieldset>
        <div className="submit-bar">
          <VariantsField kind={kind} />
          {notes.length ? (
            <div className="field-note" role="note">
              {notes.join(' ')}
            </div>
          ) : null}
          {kind === 'image-upload' ? <div className="field-help">Uploading costs 0 credits.</div> : null}
          <div className="submit-row">
            <Button
              type="submit"
              variant="primary"
              disabled={!usable}
              // Not the native attribute: a focused button that turns disabled drops focus to the page.
              aria-disabled={submitting || blocked !== undefined ? true : undefined}
              data-state={request.state}
              aria-keyshortcuts="Control+Enter Meta+Enter"
              aria-label="Generate"
              aria-describedby={[quote !== undefined ? `${selectId}-quote` : '', blocked ? `${selectId}-blocked` : ''].filter(Boolean).join(' ') || undefined}
            >
              Generate
              {quote !== undefined ? (
                <span className="generate-quote" id={`${selectId}-quote`}>
                  {' · '}
                  {creditsText(quote)}
                </span>
              ) : null}
            </Button>
            <Button variant="ghost" size="small" onClick={() => resetDraft(kind)}>
              Reset form
            </Button>
            <span className="shortcut-hint" aria-hidden="true">
              Ctrl+Enter
            </span>
          </div>
          {blocked ? (
            <p className="field-help generate-blocked" id={`${selectId}-blocked`}>
              {blocked}
            </p>
          ) : null}
          <SubmitStatus submission={submission} />
        </div>
      </form>
    </section>
  );
}
