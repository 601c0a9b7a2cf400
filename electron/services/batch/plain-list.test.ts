/**
 * Batches from a plain list: a CSV whose only column is `prompt`, or a .txt
 * list of prompts, takes "Kind for every row" (changeable until the batch
 * starts, leaving rows with their own kind alone), and a draft can be closed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Batch, Result } from '../../../shared/ipc';
import { BatchService } from './service';
import { FakeEngine } from './test/fake-engine';

let dir: string;
let service: BatchService;
let engine: FakeEngine;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batch-plain-'));
  engine = new FakeEngine({ dir: path.join(dir, 'assets') });
  await engine.start();
  service = new BatchService({ dataDir: path.join(dir, 'data'), engine, events: { emit: () => {} }, settleMs: 5 });
  await service.init();
});
afterEach(async () => {
  await service.dispose();
  await engine.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.problem.message);
  return r.value;
}

const EIGHT = ['prompt', ...Array.from({ length: 8 }, (_, i) => `a carved wooden prop ${i + 1}`)].join('\n');
const states = (b: Batch) => b.rows.map((r) => `${r.kind}:${r.state}`);

describe('a list of prompts only', () => {
  it('takes the kind given for every row; without one every row asks for a kind', async () => {
    const withKind = value(await service.import({ text: EIGHT, name: 'props.csv', kind: 'text-to-3d' }));
    expect(withKind.listKind).toBe('text-to-3d');
    expect(states(withKind)).toEqual(Array(8).fill('text-to-3d:ready'));
    const without = value(await service.import({ text: EIGHT, name: 'props.csv' }));
    expect(without.counts.invalid).toBe(8);
  });

  it('"Kind for every row" changes the rows without a kind of their own, until the batch starts', async () => {
    const list = 'kind,prompt\n,a lamp\ntext-to-image,a poster of a lamp\n,a chair\n';
    const b = value(await service.import({ text: list, name: 'mixed.csv', kind: 'text-to-3d' }));
    expect(states(b)).toEqual(['text-to-3d:ready', 'text-to-image:ready', 'text-to-3d:ready']);
    const changed = value(await service.setKind({ batchId: b.id, kind: 'text-to-image' }));
    expect(changed.listKind).toBe('text-to-image');
    expect(states(changed)).toEqual(['text-to-image:ready', 'text-to-image:ready', 'text-to-image:ready']);
    // And back: the rows follow the chosen kind each time.
    const back = value(await service.setKind({ batchId: b.id, kind: 'text-to-3d' }));
    expect(states(back)).toEqual(['text-to-3d:ready', 'text-to-image:ready', 'text-to-3d:ready']);

    value(await service.start({ batchId: b.id, outDir: path.join(dir, 'out') }));
    const refused = await service.setKind({ batchId: b.id, kind: 'text-to-image' });
    expect(refused.ok ? 'changed' : refused.problem.message).toBe('The kind for every row can be changed only before the batch starts.');
  });

  it('a row whose kind was chosen by hand keeps it', async () => {
    const b = value(await service.import({ text: EIGHT, name: 'props.csv', kind: 'text-to-3d' }));
    value(await service.updateRow({ batchId: b.id, row: 2, kind: 'text-to-image', fields: { prompt: 'a poster' } }));
    const changed = value(await service.setKind({ batchId: b.id, kind: 'text-to-solidbox' }));
    expect(changed.rows[1]!.kind).toBe('text-to-image');
    expect(changed.rows.filter((r) => r.kind === 'text-to-solidbox')).toHaveLength(7);
  });

  it('a draft closed before it starts is gone, nothing sent', async () => {
    const b = value(await service.import({ text: EIGHT, name: 'props.csv', kind: 'text-to-3d' }));
    value(await service.discard(b.id));
    expect(service.list()).toEqual([]);
    expect(engine.list()).toEqual([]);
  });
});
