/**
 * Each compared model's readiness check, as the viewport's readiness panel
 * asks for it: against the first project folder's budget, or the desktop
 * preset when there is no folder yet. Unknown (undefined) until the host answers.
 */
import { useEffect, useState } from 'react';
import type { ReadinessReport } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { useStore } from '../../state/store';

export function useTakeReadiness(localIds: readonly string[], enabled: boolean): (ReadinessReport | undefined)[] {
  const folder = useStore((s) => s.projectFolders[0]);
  const folderId = folder?.id;
  const budgetKey = folder?.budget ? JSON.stringify(folder.budget) : '';
  const idsKey = localIds.join(' ');
  const [reports, setReports] = useState<Record<string, ReadinessReport>>({});
  useEffect(() => {
    setReports({});
    if (!enabled) return undefined;
    let current = true;
    for (const localId of idsKey.split(' ')) {
      void bridge()
        .api.export.check(folderId ? { localId, folderId } : { localId })
        .then((r) => {
          if (current && r.ok) setReports((all) => ({ ...all, [localId]: r.value }));
        })
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [idsKey, enabled, folderId, budgetKey]);
  return localIds.map((id) => reports[id]);
}
