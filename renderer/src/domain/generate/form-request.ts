/**
 * What Generate sends, decided from what the form shows, in one place.
 *
 * The panel, its Generate button, its quote and Ctrl/Cmd+Enter all ask
 * `requestFromForm` and nothing else, so the button can never quote one thing
 * and send another: while any field shows an error nothing is sent and
 * nothing is quoted (an earlier file left behind a refused drop used to go
 * out for its full price); a form that is only incomplete is quoted for what
 * it holds, and pressing Generate shows what is missing.
 */
import { quoteRequest, type GenerationKind, type RateCard } from '../../../../shared/api';
import { fieldSpec, toRequestValues, validateDraft, type DraftValues, type FieldErrors } from './draft';
import { LOCAL_IMAGE_FIELD, localImageSpec } from './local-image';

export interface FormState {
  kind: GenerationKind;
  draft: DraftValues;
  /** The messages the form shows now, by field path. */
  shownErrors: FieldErrors;
  /** Takes per Generate (Variants), already clamped. */
  takes: number;
  card: RateCard | undefined;
  /** The kind may be used with the active key (coming-soon kinds need early access). */
  usable: boolean;
  /** A Generate of this kind is on its way to the host. */
  submitting: boolean;
}

export type FormRequest =
  /** Sent as is when Generate is pressed: `takes` jobs of `fields`; `quote` is for all of them, when a price is known. */
  | { state: 'ready'; kind: GenerationKind; fields: Record<string, unknown>; takes: number; quote: number | undefined }
  /** Something required is missing or out of range, and no message says so yet: pressing Generate shows `errors` and sends nothing. */
  | { state: 'incomplete'; errors: FieldErrors; quote: number | undefined }
  /**
   * Generate is off: the form shows errors (`fields` names them in the form's words; `errors` are the
   * problems a check of the form finds besides, shown too if Generate is pressed anyway), the kind is
   * not usable, or a send is in flight.
   */
  | { state: 'blocked'; why: 'errors-shown'; fields: string[]; errors: FieldErrors; quote: undefined }
  | { state: 'blocked'; why: 'not-usable' | 'submitting'; quote: undefined };

/** The label a field's error is shown under (the top-level field of a dotted path). */
export function shownFieldLabel(kind: GenerationKind, path: string): string {
  const top = path.split('.')[0]!;
  if (top === LOCAL_IMAGE_FIELD) return localImageSpec().label;
  if (top === '_form') return 'the form';
  return fieldSpec(kind, top)?.label ?? top;
}

const quoteOf = (card: RateCard | undefined, kind: GenerationKind, fields: Record<string, unknown>, takes: number) => {
  const one = quoteRequest(card, kind, fields);
  return one === undefined ? undefined : one * takes;
};

export function requestFromForm(form: FormState): FormRequest {
  const { kind, draft, takes, card } = form;
  if (!form.usable) return { state: 'blocked', why: 'not-usable', quote: undefined };
  if (form.submitting) return { state: 'blocked', why: 'submitting', quote: undefined };
  const checked = validateDraft(kind, draft);
  const shown = Object.entries(form.shownErrors).filter(([, message]) => Boolean(message));
  if (shown.length) {
    const fields = [...new Set(shown.map(([path]) => shownFieldLabel(kind, path)))];
    return { state: 'blocked', why: 'errors-shown', fields, errors: checked.ok ? {} : checked.errors, quote: undefined };
  }
  if (!checked.ok) return { state: 'incomplete', errors: checked.errors, quote: quoteOf(card, kind, toRequestValues(kind, draft), takes) };
  return { state: 'ready', kind, fields: checked.values, takes, quote: quoteOf(card, kind, checked.values, takes) };
}

/** The line beside a Generate button that is off because fields show errors. */
export function blockedLine(request: FormRequest): string | undefined {
  if (request.state !== 'blocked' || request.why !== 'errors-shown') return undefined;
  return `Generate is off until ${request.fields.length === 1 ? 'this is' : 'these are'} fixed: ${request.fields.join(', ')}.`;
}

/**
 * A file the form refused (too big, not an image, not staged): the slot is
 * emptied rather than left holding an earlier file the user may take for the
 * new one, and the line says both what was refused and what was taken out.
 */
export function refusedFileLine(refusedName: string, message: string, previousName?: string): string {
  const taken = previousName && previousName !== refusedName ? ` ${previousName} was taken out too, so nothing from this slot is sent: choose another file.` : ' Nothing is in this slot: choose another file.';
  return `${refusedName} was not used. ${message}${taken}`;
}
