/** Shared set-up for the generate feature's component tests: a fake host bridge, store reset, and opening the panel on a kind. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { JobRecord } from '../../../../shared/domain/job';
import type { Result, StagedFile } from '../../../../shared/ipc';
import { installBridge, type Bridge } from '../../bridge';
import { useStore } from '../../state/store';
import { DRAFTS_STORAGE_KEY } from '../../state/slices/generate';
import { sniffFormat, kindOfFormat, MIME_BY_FORMAT, SNIFF_BYTES, type GenerationKind } from '../../../../shared/api';
import { GeneratePanel } from './GeneratePanel';

export const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A file whose first bytes say PNG, padded to `size` bytes. */
export function pngFile(name: string, size = 64): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
}

export function textFile(name: string, text = 'hello, not an image'): File {
  return new File([text], name, { type: 'text/plain' });
}

export function glbFile(name: string): File {
  const bytes = new Uint8Array(64);
  bytes.set([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0]);
  return new File([bytes], name, { type: 'model/gltf-binary' });
}

export function job(partial: Partial<JobRecord> & Pick<JobRecord, 'localId' | 'kind'>): JobRecord {
  return {
    state: 'success',
    environmentId: 'sandbox',
    environmentName: 'Sandbox',
    keyId: 'k1',
    keyName: 'Key 1',
    request: {},
    title: partial.localId,
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    fragments: [],
    ...partial,
  };
}

export interface FakeHost {
  bridge: Bridge;
  submit: ReturnType<typeof vi.fn>;
  stageFile: ReturnType<typeof vi.fn>;
  stagePath: ReturnType<typeof vi.fn>;
  /** Pushes a `jobs:changed` event to the renderer. */
  emitJobs(jobs: JobRecord[]): void;
}

let staged = 0;

export function installFakeHost(submitResult?: (args: { kind: string; fields: Record<string, unknown> }) => Result<JobRecord>): FakeHost {
  const listeners = new Set<(jobs: JobRecord[]) => void>();
  const submit = vi.fn(async (args: { kind: string; fields: Record<string, unknown>; environmentId?: string; keyId?: string }) => {
    if (submitResult) return submitResult(args);
    // As main records it: in the environment and key the request names (the active pair when it names none).
    const where = args.environmentId && args.keyId ? { environmentId: args.environmentId, keyId: args.keyId } : {};
    return { ok: true, value: job({ localId: `local-${Date.now()}`, kind: args.kind as JobRecord['kind'], state: 'queued', request: args.fields, ...where }) } as Result<JobRecord>;
  });
  const stageFile = vi.fn(async (file: Blob, name?: string): Promise<Result<StagedFile>> => {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const format = sniffFormat(head, file.size);
    if (!format) return { ok: false, problem: { reason: 'wrong-type', message: 'not a supported file' } };
    staged++;
    return {
      ok: true,
      value: { id: `staged-${String(staged).padStart(6, '0')}`, name: name ?? (file as File).name ?? 'file', size: file.size, sha256: 'x', format, kind: kindOfFormat(format), mime: MIME_BY_FORMAT[format] },
    };
  });
  const stagePath = vi.fn(async ({ path }: { path: string }): Promise<Result<StagedFile>> => ({
    ok: true,
    value: { id: `staged-path-${String(++staged).padStart(4, '0')}`, name: path.split('/').pop() ?? path, size: 10, sha256: 'x', format: 'png', kind: 'image', mime: 'image/png' },
  }));
  const api = {
    jobs: { submit, onChanged: (l: (jobs: JobRecord[]) => void) => (listeners.add(l), () => listeners.delete(l)) },
    files: { stagePath },
    app: { onToast: () => () => undefined },
  };
  const bridge: Bridge = {
    api: api as unknown as Bridge['api'],
    shell: 'web',
    assetUrl: (localId, variant) => `asset://${localId}/${variant}`,
    stageFile: stageFile as unknown as Bridge['stageFile'],
    assetRequestHeaders: () => ({}),
  };
  installBridge(bridge);
  return { bridge, submit, stageFile, stagePath, emitJobs: (jobs) => listeners.forEach((l) => l(jobs)) };
}

const initial = useStore.getState();

/** Back to a fresh store and empty storage between tests. */
export function resetStore(extra: Record<string, unknown> = {}): void {
  localStorage.removeItem(DRAFTS_STORAGE_KEY);
  useStore.setState({ ...initial, drafts: {}, fieldErrors: {}, submissions: {}, generateKind: 'text-to-3d', toasts: [], settingsOpen: false, ...extra } as never, true);
}

/** The generate panel, rendered with `kind` chosen as the "Generation type" menu chooses it. */
export function openPanel(kind: GenerationKind) {
  act(() => useStore.getState().setGenerateKind(kind));
  return render(<GeneratePanel />);
}

/** Clicks Generate and lets what it starts settle. */
export async function clickGenerate(): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
  });
}
