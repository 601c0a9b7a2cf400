/**
 * Generate slice: the kind being edited, a draft per kind (so switching
 * kinds keeps what was typed, and drafts survive a restart through
 * localStorage), field errors, and the last submission per kind.
 *
 * Other features chain into the panel through `startFrom` (retexture this,
 * skybox from this image, ...) and `useSettingsAgain` (pre-fill from a
 * recorded request).
 */
import {
  ENDPOINTS,
  GENERATION_MENU,
  isGenerationKind,
  jobRefFieldOf,
  type FieldSpec,
  type GenerationKind,
} from '../../../../shared/api';
import type { JobSummary } from '../../../../shared/domain/job';
import type { Problem } from '../../../../shared/ipc';
import { clampVariants, newSetId, variantsAllowed } from '../../../../shared/domain/sets';
import { bridge } from '../../bridge';
import {
  draftFromRequest,
  humanizeMessage,
  initialDraft,
  isStagedFileDraft,
  problemsToErrors,
  type DraftValues,
  type FieldErrors,
  type StagedFileDraft,
} from '../../domain/generate/draft';
import { followStep, type EnvironmentKeyPair, type FollowedSubmission, type Opened } from '../../domain/generate/follow-result';
import { refusedFileLine, requestFromForm, type FormRequest } from '../../domain/generate/form-request';
import { activeRateCard } from '../../domain/generate/costs';
import type { SliceCreator } from '../slice';

export type Submission = (
  | { phase: 'submitting' }
  /** The host accepted the intent; `job` is the latest record seen (queued, pending, ..., rejected). */
  | { phase: 'sent'; job: JobSummary }
  /** The host refused before queueing (validation, unknown staged file, no key). */
  | { phase: 'failed'; problem: Problem }
) & {
  /** The environment and key active when it was sent: the panel shows it only while they are. */
  sentWith?: EnvironmentKeyPair;
};

/** Versioned: a change to the draft shape bumps it and old drafts are ignored. */
export const DRAFTS_STORAGE_KEY = 'asset-studio.generate.drafts.v1';

interface PersistedDrafts {
  kind: GenerationKind;
  drafts: Partial<Record<GenerationKind, DraftValues>>;
}

const DEFAULT_KIND: GenerationKind = GENERATION_MENU[0]!.kinds[0]!;

function loadPersisted(): PersistedDrafts {
  try {
    const raw = globalThis.localStorage?.getItem(DRAFTS_STORAGE_KEY);
    if (!raw) return { kind: DEFAULT_KIND, drafts: {} };
    const parsed = JSON.parse(raw) as Partial<PersistedDrafts>;
    const drafts: PersistedDrafts['drafts'] = {};
    for (const [k, v] of Object.entries(parsed.drafts ?? {})) {
      if (isGenerationKind(k) && v && typeof v === 'object') drafts[k] = v as DraftValues;
    }
    return { kind: isGenerationKind(parsed.kind) ? parsed.kind : DEFAULT_KIND, drafts };
  } catch {
    return { kind: DEFAULT_KIND, drafts: {} };
  }
}

function persist(kind: GenerationKind, drafts: PersistedDrafts['drafts']): void {
  try {
    globalThis.localStorage?.setItem(DRAFTS_STORAGE_KEY, JSON.stringify({ kind, drafts }));
  } catch {
    // Storage unavailable or full: drafts still live for this session.
  }
}

export interface StartFromOptions {
  /** Upstream job id of the source (model, image, skybox, rig) the new request works on. */
  sourceJobId?: string;
  /** Upstream job id of an uploaded image (Image to 3D, Skybox from image, Text to image's reference). */
  imageJobId?: string;
  /** Field values to pre-fill, as the draft holds them. */
  prefill?: DraftValues;
}

export interface GenerateSlice {
  generateKind: GenerationKind;
  drafts: Partial<Record<GenerationKind, DraftValues>>;
  fieldErrors: Partial<Record<GenerationKind, FieldErrors>>;
  submissions: Partial<Record<GenerationKind, Submission>>;
  /** The job (or set of takes) just submitted: opened when it finishes unless something else was opened since (follow-result.ts). */
  followed: FollowedSubmission | null;
  /** Applies the follow rule to the jobs as known now (fed by job changes); `fresh` are records newer than the cache. */
  applyFollow(fresh?: readonly JobSummary[]): void;
  /** Takes per Generate (Variants, 1-4), per kind; 1 when unset. */
  variants: Partial<Record<GenerationKind, number>>;
  setVariants(kind: GenerationKind, count: number): void;
  setGenerateKind(kind: GenerationKind): void;
  setDraftField(kind: GenerationKind, name: string, value: unknown): void;
  setFieldError(kind: GenerationKind, path: string, message: string | undefined): void;
  /**
   * A file the form refused (too big, wrong type, not staged): the slot is emptied, never left holding an
   * earlier file the user may take for the new one, and the field says what was refused and what was taken out.
   */
  refuseFile(kind: GenerationKind, field: string, refusedName: string, message: string): void;
  /** What Generate would do with the form as it shows now (form-request.ts): the one answer the button, its quote and submitGenerate use. */
  formRequest(kind?: GenerationKind): FormRequest;
  resetDraft(kind: GenerationKind): void;
  /** Opens a kind's form with a source chosen (chaining from a history item). */
  startFrom(kind: GenerationKind, options?: StartFromOptions): void;
  /** Opens the job's kind pre-filled with its original request ("Use these settings again"). */
  useSettingsAgain(job: Pick<JobSummary, 'kind' | 'request'> & { localId?: string }): Promise<void>;
  /** Validates the current draft and submits it. Resolves true when the host queued it. */
  submitGenerate(kind?: GenerationKind): Promise<boolean>;
  /** Keeps the last submission's record current (fed by `jobs:changed`, and by `jobs:listed` after a lost connection). */
  noteJobsChanged(jobs: readonly JobSummary[]): void;
}

/** What the viewport and the compare view show now, by their opening keys. */
function openedNow(state: { viewportTarget: { key: string } | null; compare: { key: string } | null }): Opened {
  return { viewKey: state.viewportTarget?.key ?? null, compareKey: state.compare?.key ?? null };
}

function sourceFieldOf(kind: GenerationKind): string | undefined {
  return jobRefFieldOf(kind, 'source')?.name;
}

function imageFieldOf(kind: GenerationKind): string | undefined {
  return jobRefFieldOf(kind, 'image')?.name;
}

export const createGenerateSlice: SliceCreator<GenerateSlice> = (set, get) => {
  const persisted = loadPersisted();
  const draftOf = (kind: GenerationKind): DraftValues => get().drafts[kind] ?? initialDraft(kind);
  const writeDraft = (kind: GenerationKind, draft: DraftValues) => {
    const drafts = { ...get().drafts, [kind]: draft };
    set({ drafts });
    persist(get().generateKind, drafts);
  };

  return {
    generateKind: persisted.kind,
    drafts: persisted.drafts,
    fieldErrors: {},
    submissions: {},
    followed: null,
    variants: {},

    setVariants: (kind, count) => set({ variants: { ...get().variants, [kind]: clampVariants(count) } }),

    setGenerateKind: (kind) => {
      set({ generateKind: kind });
      persist(kind, get().drafts);
    },

    setDraftField: (kind, name, value) => {
      const draft = { ...draftOf(kind) };
      if (value === undefined) delete draft[name];
      else draft[name] = value;
      const errors = { ...(get().fieldErrors[kind] ?? {}) };
      for (const key of Object.keys(errors)) {
        if (key === name || key.startsWith(`${name}.`) || key === '_form') delete errors[key];
      }
      // A cross-field rule reported elsewhere may be satisfied by this change: clear rule messages too.
      const ep = ENDPOINTS[kind] as { rules?: readonly { field: string }[] };
      for (const rule of ep.rules ?? []) delete errors[rule.field];
      set({ fieldErrors: { ...get().fieldErrors, [kind]: errors } });
      writeDraft(kind, draft);
    },

    setFieldError: (kind, path, message) => {
      const errors = { ...(get().fieldErrors[kind] ?? {}) };
      if (message) errors[path] = message;
      else delete errors[path];
      set({ fieldErrors: { ...get().fieldErrors, [kind]: errors } });
    },

    refuseFile: (kind, field, refusedName, message) => {
      const held = draftOf(kind)[field];
      const previous = isStagedFileDraft(held) ? held.name : undefined;
      get().setDraftField(kind, field, undefined);
      get().setFieldError(kind, field, refusedFileLine(refusedName, message, previous));
    },

    formRequest: (kindArg) => {
      const state = get();
      const kind = kindArg ?? state.generateKind;
      return requestFromForm({
        kind,
        draft: draftOf(kind),
        shownErrors: state.fieldErrors[kind] ?? {},
        takes: variantsAllowed(kind) ? clampVariants(state.variants[kind] ?? 1) : 1,
        card: activeRateCard(state.settings),
        // Coming-soon kinds are refused by submitCurrent, which knows the key's early access.
        usable: true,
        submitting: state.submissions[kind]?.phase === 'submitting',
      });
    },

    resetDraft: (kind) => {
      const drafts = { ...get().drafts };
      delete drafts[kind];
      set({ drafts, fieldErrors: { ...get().fieldErrors, [kind]: {} } });
      persist(get().generateKind, drafts);
    },

    startFrom: (kind, options = {}) => {
      const draft: DraftValues = { ...draftOf(kind), ...(options.prefill ?? {}) };
      const source = sourceFieldOf(kind);
      if (options.sourceJobId && source) draft[source] = options.sourceJobId;
      const imageField = imageFieldOf(kind) ?? (kind === 'text-to-image' ? 'referenceImageJobId' : undefined);
      if (options.imageJobId && imageField) {
        draft[imageField] = options.imageJobId;
        // An uploaded image replaces a picked file (Image to 3D takes one or the other).
        if (kind === 'image-to-3d') delete draft.file;
      }
      set({ generateKind: kind, fieldErrors: { ...get().fieldErrors, [kind]: {} } });
      writeDraft(kind, draft);
    },

    useSettingsAgain: async (given) => {
      // The history holds summaries: the request in full comes with the job's whole record.
      const full = given.localId ? await bridge().api.jobs.get({ localId: given.localId }).catch(() => null) : null;
      const job = full?.ok ? full.value : given;
      const kind = job.kind;
      const request = job.request ?? {};
      const draft = draftFromRequest(kind, request);
      set({ generateKind: kind, fieldErrors: { ...get().fieldErrors, [kind]: {} } });
      writeDraft(kind, draft);
      // Files: stage the recorded local copy again, so the user need not pick it.
      const fileFields = Object.entries(ENDPOINTS[kind].fields as Record<string, FieldSpec>).filter(([, f]) => f.type === 'file');
      for (const [name, spec] of fileFields) {
        const ref = request[name] as { path?: unknown; name?: unknown } | undefined;
        if (!ref || typeof ref.path !== 'string') continue;
        try {
          const res = await bridge().api.files.stagePath({ path: ref.path });
          if (res.ok) {
            const staged: StagedFileDraft = {
              stagedFileId: res.value.id,
              name: res.value.name,
              size: res.value.size,
              format: res.value.format,
              width: res.value.width,
              height: res.value.height,
            };
            get().setDraftField(kind, name, staged);
          } else {
            get().setFieldError(kind, name, `${spec.label}: the original file could not be reused (${res.problem.message}). Choose it again.`);
          }
        } catch {
          get().setFieldError(kind, name, `${spec.label}: the original file could not be reused. Choose it again.`);
        }
      }
    },

    submitGenerate: async (kindArg) => {
      const kind = kindArg ?? get().generateKind;
      // Exactly what the form shows: nothing while a field shows an error (an earlier file must not go out in a refused one's place).
      const request = get().formRequest(kind);
      if (request.state === 'blocked') {
        // Pressed anyway: every problem the form has is shown beside the ones already there.
        if (request.why === 'errors-shown') set({ fieldErrors: { ...get().fieldErrors, [kind]: { ...request.errors, ...(get().fieldErrors[kind] ?? {}) } } });
        return false;
      }
      if (request.state === 'incomplete') {
        set({ fieldErrors: { ...get().fieldErrors, [kind]: request.errors } });
        return false;
      }
      const checked = { values: request.fields };
      // Sent to the environment and key the top bar shows now, named in the request: main's own choice of the
      // active pair may already be a switch further on (the user changed it while this press was on its way).
      const active = get().settings?.active ?? undefined;
      const target = active ? { environmentId: active.environmentId, keyId: active.keyId } : undefined;
      let sentWith = target;
      set({ submissions: { ...get().submissions, [kind]: { phase: 'submitting', sentWith } } });
      let outcome: Submission;
      // Variants: that many jobs of the same request, one set; each goes through the queue like any other job.
      const takes = request.takes;
      const setId = takes > 1 ? newSetId() : undefined;
      // What is open as it is sent: opening something else after this means the result does not come to the user.
      const opened = openedNow(get());
      let setIds: string[] | undefined;
      try {
        const res = await bridge().api.jobs.submit({ kind, fields: checked.values, ...target, ...(setId ? { setId } : {}) });
        outcome = res.ok ? { phase: 'sent', job: res.value } : { phase: 'failed', problem: res.problem };
        // Where the job really went, as main recorded it: the panel follows it while that pair is the active one.
        if (res.ok && target && res.value.environmentId) sentWith = { environmentId: res.value.environmentId, keyId: res.value.keyId };
        if (res.ok && setId) {
          const ids = [res.value.localId];
          for (let n = 1; n < takes; n++) {
            const more = await bridge().api.jobs.submit({ kind, fields: checked.values, ...target, setId });
            if (!more.ok) break;
            ids.push(more.value.localId);
          }
          setIds = ids;
        }
      } catch (err) {
        outcome = { phase: 'failed', problem: { reason: 'host-unreachable', message: `The request could not reach the app's host: ${(err as Error).message}` } };
      }
      const errors: FieldErrors = {};
      if (outcome.phase === 'failed' && outcome.problem.fields?.length) Object.assign(errors, problemsToErrors(kind, outcome.problem.fields));
      if (outcome.phase === 'sent' && outcome.job.state === 'rejected' && outcome.job.problem?.field) {
        errors[outcome.job.problem.field] = humanizeMessage(kind, outcome.job.problem.message, outcome.job.problem.field);
      }
      // The latest submission is the one followed; a set comes to the user in the compare view once all its takes have finished.
      const followed: FollowedSubmission | null =
        outcome.phase !== 'sent' ? get().followed : setId && setIds ? { localIds: setIds, setId, opened } : { localIds: [outcome.job.localId], opened };
      set({ submissions: { ...get().submissions, [kind]: { ...outcome, sentWith } }, fieldErrors: { ...get().fieldErrors, [kind]: errors }, followed });
      return outcome.phase === 'sent';
    },

    noteJobsChanged: (jobs) => {
      const submissions = get().submissions;
      let next: GenerateSlice['submissions'] | undefined;
      let errorsNext: GenerateSlice['fieldErrors'] | undefined;
      for (const [kind, sub] of Object.entries(submissions) as [GenerationKind, Submission][]) {
        if (sub.phase !== 'sent') continue;
        const fresh = jobs.find((j) => j.localId === sub.job.localId);
        if (!fresh) continue;
        next = { ...(next ?? submissions), [kind]: { phase: 'sent', job: fresh, sentWith: sub.sentWith } };
        if (fresh.state === 'rejected' && fresh.problem?.field && sub.job.state !== 'rejected') {
          const errors = { ...(get().fieldErrors[kind] ?? {}), [fresh.problem.field]: humanizeMessage(kind, fresh.problem.message, fresh.problem.field) };
          errorsNext = { ...(errorsNext ?? get().fieldErrors), [kind]: errors };
        }
      }
      if (next) set({ submissions: next, ...(errorsNext ? { fieldErrors: errorsNext } : {}) });
      get().applyFollow(jobs);
    },

    applyFollow: (fresh = []) => {
      const followed = get().followed;
      if (!followed) return;
      const jobs = followed.localIds.map((id) => fresh.find((j) => j.localId === id) ?? get().jobsById[id]);
      const next = followStep(followed, jobs, openedNow(get()));
      if (next.step === 'wait') return;
      set({ followed: null });
      if (next.step === 'open') {
        const job = jobs.find((j) => j?.localId === next.localId);
        if (job) get().openJob(job);
      } else if (next.step === 'compare') get().openCompare(next.localIds, { setId: next.setId });
    },
  };
};
