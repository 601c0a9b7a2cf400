/**
 * Files staged before a reload. Drafts keep a staged file's id and name across
 * a restart; the panel asks the host once whether it still holds each one,
 * and a file it no longer holds is taken out of its slot with a line saying
 * so, so the form never shows a file that cannot be sent.
 */
import { useEffect } from 'react';
import type { GenerationKind } from '../../../../shared/api';
import { useStore } from '../../state/store';
import { bridge } from '../../bridge';
import { fieldsOf, isStagedFileDraft, type DraftValues, type StagedFileDraft } from '../../domain/generate/draft';
import { LOCAL_IMAGE_FIELD } from '../../domain/generate/local-image';

/** Ids the host said it holds (or staged in this session): not asked again. */
const held = new Set<string>();

export function noteStagedHeld(stagedFileId: string): void {
  held.add(stagedFileId);
}

/** The draft's staged files by field (file fields, and the picked image of forms that upload it). */
export function stagedFilesOf(kind: GenerationKind, draft: DraftValues | undefined): [string, StagedFileDraft][] {
  if (!draft) return [];
  const names = [...fieldsOf(kind).filter(([, spec]) => spec.type === 'file').map(([name]) => name), LOCAL_IMAGE_FIELD];
  return names.flatMap((name) => {
    const value = draft[name];
    return isStagedFileDraft(value) ? [[name, value] as [string, StagedFileDraft]] : [];
  });
}

export const NO_LONGER_HELD = 'The app no longer holds its copy (it was staged before Asset Studio restarted and has since gone).';

export function useStagedFilesHeld(): void {
  const kind = useStore((s) => s.generateKind);
  const draft = useStore((s) => s.drafts[kind]);
  useEffect(() => {
    let api;
    try {
      api = bridge().api.files;
    } catch {
      return;
    }
    for (const [field, staged] of stagedFilesOf(kind, draft)) {
      if (held.has(staged.stagedFileId)) continue;
      held.add(staged.stagedFileId);
      void Promise.resolve()
        .then(() => api.get({ id: staged.stagedFileId }))
        .then((res) => {
          if (res.ok) return;
          const now = useStore.getState().drafts[kind]?.[field];
          // Only if the slot still holds that file (the user may have replaced it meanwhile).
          if (isStagedFileDraft(now) && now.stagedFileId === staged.stagedFileId) useStore.getState().refuseFile(kind, field, staged.name, NO_LONGER_HELD);
        })
        .catch(() => held.delete(staged.stagedFileId));
    }
  }, [kind, draft]);
}
