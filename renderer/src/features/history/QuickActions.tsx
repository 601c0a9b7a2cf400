/**
 * A history row's one-click actions: Retry for a failed job and Generate
 * again for a finished one (the same request, a new paid job), and for an
 * image "Make a 3D model" and "Make a skybox" (the app uploads the image
 * itself, 0 credits, and reuses that upload).
 */
import { useState } from 'react';
import type { JobSummary } from '../../../../shared/domain/job';
import { quoteRequest } from '../../../../shared/api';
import { activeRateCard, creditsText } from '../../domain/generate/costs';
import { useStore } from '../../state/store';
import { useHistoryCommands } from './history-commands';
import { quickActionsFor, type QuickAction } from './quick-actions';

export function QuickActions({ job }: { job: JobSummary }) {
  const [busy, setBusy] = useState<QuickAction | null>(null);
  const reuseSettings = useStore((s) => s.useSettingsAgain);
  const actions = quickActionsFor(job);
  const rateCard = useStore((s) => activeRateCard(s.settings));
  const commands = useHistoryCommands();
  if (actions.length === 0 || !commands) return null;
  const run = async (action: QuickAction) => {
    setBusy(action);
    try {
      if (action === 'make-model') await commands.makeFromImage(job.localId, 'image-to-3d');
      else if (action === 'make-skybox') await commands.makeFromImage(job.localId, 'skybox-from-image');
      else {
        await reuseSettings(job);
        await commands.submitCurrent();
      }
    } finally {
      setBusy(null);
    }
  };
  // A finished job's summary holds no request options, so its surcharges are unknown until it is opened: "from".
  const quote = quoteRequest(rateCard, job.kind, job.request ?? {});
  const whole = job.fragments !== undefined;
  const costNote = quote !== undefined ? ` · ${whole ? '' : 'from '}${creditsText(quote)}` : '';
  const LABELS: Record<QuickAction, string> = {
    retry: `Retry${costNote}`,
    'generate-again': `Generate again${costNote}`,
    'make-model': 'Make a 3D model',
    'make-skybox': 'Make a skybox',
  };
  return (
    <div className="history-quick">
      {actions.map((a) => (
        <button key={a} type="button" disabled={busy !== null} aria-busy={busy === a} onClick={() => void run(a)}>
          {busy === a && (a === 'make-model' || a === 'make-skybox') ? 'Uploading the image…' : LABELS[a]}
        </button>
      ))}
    </div>
  );
}
