/**
 * Generate sends to the environment and key the top bar shows when it is
 * pressed, named in the request, and the panel follows the job where main
 * recorded it. A switch the user makes while the press is on its way (or one
 * main has taken before the page heard of it) never moves the job, and never
 * leaves the panel saying "Sending…" for a job that was made.
 */
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../shared/domain/job';
import type { Result } from '../../../../shared/ipc';
import { useStore } from '../../state/store';
import { GeneratePanel } from './GeneratePanel';
import { installFakeHost, job, resetStore, type FakeHost } from './test-support';

const SECOND = { environmentId: 'second', keyId: 'second-key' };
const BUILTIN = { environmentId: 'sandbox', keyId: 'sandbox-key-1' };

function settingsWith(active: { environmentId: string; keyId: string }) {
  const env = (id: string, keyId: string, name: string) => ({ id, name, baseUrl: `http://127.0.0.1/${id}`, storageUrl: `http://127.0.0.1/${id}/s`, builtin: id === 'sandbox', keys: [{ id: keyId, name: `${name} key`, clientIdMasked: 'ab…cd', hasSecret: true }] });
  return { environments: [env('sandbox', BUILTIN.keyId, 'Sandbox'), env('second', SECOND.keyId, 'Second')], active } as never;
}

let host: FakeHost;
let answer: (r: Result<JobRecord>) => void;
const sent: Record<string, unknown>[] = [];

beforeEach(() => {
  resetStore({ settings: settingsWith(SECOND) });
  sent.length = 0;
  host = installFakeHost();
  host.submit.mockImplementation(
    (args: Record<string, unknown>) =>
      new Promise<Result<JobRecord>>((resolve) => {
        sent.push(args);
        answer = resolve;
      }),
  );
  useStore.getState().setDraftField('text-to-3d', 'prompt', 'a lamp');
});

/** Presses Generate with the top bar on `SECOND`; `between` runs while the request is on its way. */
async function pressAndAnswer(between: () => void, madeIn: { environmentId: string; keyId: string }) {
  render(<GeneratePanel />);
  let done!: Promise<boolean>;
  act(() => {
    done = useStore.getState().submitGenerate('text-to-3d');
  });
  expect(screen.getByRole('status')).toHaveTextContent('Sending…');
  act(between);
  await act(async () => {
    answer({ ok: true, value: job({ localId: 'local-1', kind: 'text-to-3d', state: 'queued', ...madeIn }) });
    await done;
  });
}

describe('where Generate sends', () => {
  it('names the environment and key the top bar shows in the request', async () => {
    await pressAndAnswer(() => undefined, SECOND);
    expect(sent[0]).toMatchObject({ kind: 'text-to-3d', environmentId: 'second', keyId: 'second-key' });
    expect(screen.getByRole('status')).toHaveTextContent(/^Queued/);
  });

  it('a switch made while the request is on its way does not leave the panel on "Sending…"', async () => {
    // The job went where the press said; the panel now shows the built-in sandbox, whose last request this is not.
    await pressAndAnswer(() => useStore.getState().applySettings(settingsWith(BUILTIN)), SECOND);
    expect(sent[0]).toMatchObject({ environmentId: 'second', keyId: 'second-key' });
    expect(screen.queryByText('Sending…')).toBeNull();
    // Back on the second environment, its job is followed there.
    act(() => useStore.getState().applySettings(settingsWith(SECOND)));
    expect(screen.getByRole('status')).toHaveTextContent(/^Queued/);
  });

  it('follows the job where main recorded it, when that differs from what the page knew', async () => {
    // The page still showed the second environment; main had already switched to the built-in one and says so.
    await pressAndAnswer(() => useStore.getState().applySettings(settingsWith(BUILTIN)), BUILTIN);
    expect(screen.getByRole('status')).toHaveTextContent(/^Queued/);
    act(() => host.emitJobs([job({ localId: 'local-1', kind: 'text-to-3d', state: 'success', ...BUILTIN })]));
    expect(screen.getByRole('status')).toHaveTextContent('Finished');
  });
});
