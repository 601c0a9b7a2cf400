/**
 * "Remove environment" with a confirmation: removing one deletes its keys'
 * secrets from Asset Studio, which cannot be undone from here (they must be
 * typed again), so one stray click must not do it.
 */
import { useState } from 'react';
import type { EnvironmentView } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { problemOf } from './messages';

/** What removing `env` loses, in the confirmation's words. */
export function removalConsequence(env: Pick<EnvironmentView, 'keys'>): string {
  const n = env.keys.length;
  const keys = n === 0 ? 'It has no keys.' : n === 1 ? `Its key "${env.keys[0]!.name}" and that key's secret are deleted from Asset Studio: to use it again you would add the environment and type the secret again.` : `Its ${n} keys and their secrets are deleted from Asset Studio: to use them again you would add the environment and type the secrets again.`;
  return `${keys} Jobs made with it stay in the history.`;
}

export function RemoveEnvironment({ env, onProblem }: { env: EnvironmentView; onProblem(message: string | undefined): void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    const problem = problemOf(await bridge().api.settings.removeEnvironment({ environmentId: env.id }));
    setBusy(false);
    setAsking(false);
    onProblem(problem);
  };
  return (
    <>
      <Button size="small" variant="danger" onClick={() => setAsking(true)}>
        Remove environment
      </Button>
      <Dialog open={asking} title={`Remove ${env.name}?`} onClose={() => setAsking(false)} className="settings-confirm">
        <p>{removalConsequence(env)}</p>
        <div className="settings-actions">
          <Button variant="danger" disabled={busy} onClick={() => void remove()}>
            {busy ? 'Removing…' : 'Remove environment'}
          </Button>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
        </div>
      </Dialog>
    </>
  );
}
