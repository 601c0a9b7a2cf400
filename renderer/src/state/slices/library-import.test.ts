import { afterEach, describe, expect, it, vi } from 'vitest';
import { bridge } from '../../bridge';
import { installLibraryHost } from '../../features/library/test-host';
import { useStore } from '../store';
import { pathsOf } from './library-import';

const file = (name: string) => new File(['x'], name);
const dropped = () => [file('scene.gltf'), file('scene.bin'), file('wood.png'), file('.DS_Store')];

afterEach(() => useStore.setState({ libraryImport: null, toasts: [] }));

describe('pathsOf', () => {
  const onDisk = (f: File) => (f.name === 'sketch.png' ? null : `/art/${f.name}`);
  it.each([
    ['every file has a path', ['a.glb', 'b.png'], onDisk, ['/art/a.glb', '/art/b.png']],
    ['one has none (a drawn sketch): all go by their bytes', ['a.glb', 'sketch.png'], onDisk, null],
    ['the shell knows no paths (a browser page)', ['a.glb'], undefined, null],
    ['nothing given', [], onDisk, null],
  ] as const)('%s', (_, names, pathOf, expected) => {
    expect(pathsOf(names.map(file), pathOf)).toEqual(expected);
  });
});

describe('bringing files into the library', () => {
  it('from the desktop app, by path: the .gltf goes with the files beside it, the system file stays behind, nothing is staged', async () => {
    const host = installLibraryHost(0, { pathOf: (f) => `/art/forest/${f.name}` });
    const stage = vi.spyOn(bridge(), 'stageFile');
    await useStore.getState().importFiles(dropped());
    expect(host.calls.import).toHaveBeenCalledWith({ paths: ['/art/forest/scene.gltf', '/art/forest/scene.bin', '/art/forest/wood.png'] });
    expect(stage).not.toHaveBeenCalled();
    expect(useStore.getState().libraryImport).toBeNull();
  });

  it('from the browser shell, by bytes: each file the library keeps is staged, the others are named as left out with why', async () => {
    const host = installLibraryHost(0);
    const stage = vi.spyOn(bridge(), 'stageFile');
    await useStore.getState().importFiles(dropped());
    expect(stage.mock.calls.map(([f]) => (f as File).name)).toEqual(['wood.png']);
    expect(host.calls.import).toHaveBeenCalledWith({ staged: [{ stagedFileId: 'staged-wood_png' }] });
    const body = useStore.getState().toasts.at(-1)?.body ?? '';
    expect(body).toContain('scene.gltf: a glTF names files beside it, which the browser cannot reach: bring it in from the desktop app or with "asset-studio library import", or bring its GLB.');
    expect(body).toContain('scene.bin: not a model or picture the library keeps');
  });
});
