/**
 * The readiness checklist beside the viewport's stats: the shown model (a
 * job's asset) against the first project folder's budget, or the desktop
 * preset when there is no folder yet. Collapsible, like the stats.
 */
import { useEffect, useState } from 'react';
import type { ReadinessReport } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { useStore } from '../../state/store';
import { ReadinessList } from './ReadinessList';

export function ReadinessPanel({ localId }: { localId: string }) {
  const [open, setOpen] = useState(false);
  const folder = useStore((s) => s.projectFolders[0]);
  const folderId = folder?.id;
  const budgetKey = folder?.budget ? JSON.stringify(folder.budget) : '';
  const [report, setReport] = useState<ReadinessReport>();
  useEffect(() => {
    setReport(undefined);
    let current = true;
    void bridge()
      .api.export.check(folderId ? { localId, folderId } : { localId })
      .then((r) => {
        if (current && r.ok) setReport(r.value);
      });
    return () => {
      current = false;
    };
  }, [localId, folderId, budgetKey]);
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
        </>
      ) : null}
    </aside>
  );
}
