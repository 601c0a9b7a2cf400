import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../../shared/ipc';
import { newestExport, revealMessage } from './reveal';

describe('what "Reveal the file" tells the user', () => {
  const exported = { path: '/home/ana/game/Assets/Generated/chair.glb' };
  it.each([
    ['the file manager opened', ok(true), exported, null],
    ['an exported job in a shell with no file manager', ok(false), exported, 'This window cannot open your file manager. The exported file is at /home/ana/game/Assets/Generated/chair.glb'],
    ['no file manager and no record to point at', ok(false), undefined, 'This window cannot open your file manager.'],
    ['a job never exported', fail('not-found', 'This job has not been exported yet.'), undefined, 'This job has not been exported yet: export it to get a file to reveal.'],
    ['another problem passes through', fail('unavailable', 'The exported file was moved.'), undefined, 'The exported file was moved.'],
  ] as const)('%s', (_case, result, last, expected) => {
    expect(revealMessage(result, last)).toBe(expected);
  });

  it('points at the newest export of the job', () => {
    const rec = (path: string, exportedAt: string) => ({ localId: 'a', folderId: 'f', relativePath: 'x', path, exportedAt });
    expect(newestExport([rec('/old.glb', '2026-01-01T00:00:00.000Z'), rec('/new.glb', '2026-02-01T00:00:00.000Z')])?.path).toBe('/new.glb');
    expect(newestExport([])).toBeUndefined();
  });
});
