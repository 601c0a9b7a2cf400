/**
 * The readiness checklist beside the viewport's stats: the shown model (a
 * job's asset, or a GLB dropped on the window and staged in main) against the
 * first project folder's budget, or the desktop preset when there is no
 * folder yet. Collapsible, like the stats. A dropped model has no history
 * row, so its Export… button is here.
 */
import { useEffect, useState } from 'react';
import type { ReadinessReport } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { useStore } from '../../state/store';
import { ReadinessList } from './ReadinessList';

export type ReadinessSource = { localId: string } | { stagedFileId: string; name: string };

export function ReadinessPanel({ source }: { source: ReadinessSource }) {
  const [open, setOpen] = useState(false);
  const folder = useStore((s) => s.projectFolders[0]);
  const openExportLocal = useStore((s) => s.openExportLocal);
  const folderId = folder?.id;
  const budgetKey = folder?.budget ? JSON.stringify(folder.budget) : '';
  const [report, setReport] = useState<ReadinessReport>();
  const isJob = 'localId' in source;
  const id = isJob ? source.localId : source.stagedFileId;
  useEffect(() => {
    setReport(undefined);
    let current = true;
    void bridge()
      .api.export.check({
        ...(isJob ? { localId: id } : { stagedFileId: id }),
        ...(folderId ? { folderId } : {}),
      })
      .then((r) => {
        if (current && r.ok) setReport(r.value);
      });
    return () => {
      current = false;
    };
  }, [isJob, id, folderId, budgetKey]);
  if (!report) return null;
  const fails = report.check.filter((l) => l.status === 'fail').length;
  return (
    <aside className="viewport-readiness" aria-label="Readiness">
      <button type="button" className="viewport-stats-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        Readiness: {fails ? `${fails} failing` : 'ready'}
      </button>
      {open ? (
        <>
          <p className="readiness-budget">
            {folder ? `${folder.name}, ` : ''}
            {report.budget.target} budget
          </p>
          <ReadinessList lines={report.check} label="Readiness checklist" />
          {'stagedFileId' in source ? (
            <button
              type="button"
              className="readiness-export"
              onClick={() =>
                openExportLocal({
                  stagedFileId: source.stagedFileId,
                  name: source.name,
                })
              }
            >
              Export…
            </button>
          ) : null}
        </>
      ) : null}
    </aside>
  );
}
