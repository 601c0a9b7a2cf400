/**
 * KTX2 models in the preview: the renderer asks main for a transcoded copy
 * (by job id, or by staging a dropped file), and falls back to dropping the
 * KTX2 textures with the reason when that fails.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type PreviewCopy, type Result, type StagedFile, type StudioApi } from '../../../shared/ipc';
import { installBridge } from '../bridge';
import { bytesFromBase64, makePreviewCompatible, usesBasisTextures } from './glb-compat';
import { previewable } from './use-asset-loader';
import type { ViewportTarget } from '../state/slices/viewport';

function glb(json: object): ArrayBuffer {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLen = Math.ceil(text.length / 4) * 4;
  const out = new Uint8Array(20 + jsonLen);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x46546c67, true);
  v.setUint32(4, 2, true);
  v.setUint32(8, out.length, true);
  v.setUint32(12, jsonLen, true);
  v.setUint32(16, 0x4e4f534a, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.length);
  return out.buffer;
}

const KTX2_MODEL = glb({
  asset: { version: '2.0' },
  extensionsUsed: ['KHR_texture_basisu'],
  extensionsRequired: ['KHR_texture_basisu'],
  textures: [{ extensions: { KHR_texture_basisu: { source: 0 } } }],
  materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }],
});
const PLAIN_MODEL = glb({ asset: { version: '2.0' } });
const COPY_BYTES = new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 250, 1, 2, 3]);
const COPY: PreviewCopy = {
  glbBase64: btoa(String.fromCharCode(...COPY_BYTES)),
  byteLength: COPY_BYTES.byteLength,
  textures: [{ name: 'texture 0', width: 4096, height: 4096, previewWidth: 2048, previewHeight: 2048, previewMimeType: 'image/png' }],
  notes: ['Preview uses 1 KTX2 (Basis) texture transcoded to PNG in the app at 2048×2048 (4096×4096 in the file)'],
};

const target = (extra: Partial<ViewportTarget> = {}): ViewportTarget => ({ key: 'view-1', content: 'model', url: 'blob:x', format: 'glb', name: 'jet.glb', ...extra });

let previewCopy: ReturnType<typeof vi.fn<(args: object) => Promise<Result<PreviewCopy>>>>;
let stageFile: ReturnType<typeof vi.fn<(file: Blob, name?: string) => Promise<Result<StagedFile>>>>;

beforeEach(() => {
  previewCopy = vi.fn(async (_args: object): Promise<Result<PreviewCopy>> => ok(COPY));
  stageFile = vi.fn(async (_file: Blob, _name?: string): Promise<Result<StagedFile>> =>
    ok({ id: 'staged_0001', name: 'jet.glb', size: 1, sha256: '', format: 'glb', kind: 'model', mime: 'model/gltf-binary' }),
  );
  installBridge({
    api: { files: { previewCopy } } as unknown as StudioApi,
    shell: 'web',
    assetUrl: (id, variant) => `/assets/${id}/${variant}`,
    stageFile,
    assetRequestHeaders: () => ({}),
  });
});

describe('KTX2 models in the preview', () => {
  it('recognises KTX2 models and decodes the copy main sends as base64', () => {
    expect(usesBasisTextures(KTX2_MODEL)).toBe(true);
    expect(usesBasisTextures(PLAIN_MODEL)).toBe(false);
    expect(usesBasisTextures(new TextEncoder().encode('not a glb at all, just text').buffer)).toBe(false);
    expect(Array.from(new Uint8Array(bytesFromBase64(COPY.glbBase64)))).toEqual(Array.from(COPY_BYTES));
  });

  it("previews a job's KTX2 model from main's transcoded copy, keeping the file's texture sizes for the stats", async () => {
    const result = await previewable(target({ localId: 'job_0001' }), KTX2_MODEL, new AbortController().signal);
    expect(previewCopy).toHaveBeenCalledWith({ localId: 'job_0001' });
    expect(stageFile).not.toHaveBeenCalled();
    expect(Array.from(new Uint8Array(result.bytes))).toEqual(Array.from(COPY_BYTES));
    expect(result.omissions).toEqual(COPY.notes);
    expect(result.fileTextures).toEqual(COPY.textures);
  });

  it('stages a dropped KTX2 model and previews the copy made from the staged file', async () => {
    const result = await previewable(target(), KTX2_MODEL, new AbortController().signal);
    expect(stageFile).toHaveBeenCalledTimes(1);
    expect(stageFile.mock.calls[0]![1]).toBe('jet.glb');
    expect(previewCopy).toHaveBeenCalledWith({ stagedFileId: 'staged_0001' });
    expect(result.omissions).toEqual(COPY.notes);
  });

  it('falls back to dropping the KTX2 textures, saying why, when main cannot make the copy', async () => {
    previewCopy.mockResolvedValue(fail('transcode-failed', 'The KTX2 textures could not be transcoded for the preview: HDR textures cannot be previewed.'));
    const result = await previewable(target({ localId: 'job_0001' }), KTX2_MODEL, new AbortController().signal);
    expect(result.omissions).toEqual(['1 KTX2 (Basis) texture not shown in the preview (The KTX2 textures could not be transcoded for the preview: HDR textures cannot be previewed)']);
    expect(result.fileTextures).toBeUndefined();
    expect(usesBasisTextures(result.bytes)).toBe(false);

    stageFile.mockRejectedValue(new Error('host unreachable'));
    const dropped = await previewable(target(), KTX2_MODEL, new AbortController().signal);
    expect(dropped.omissions[0]).toMatch(/not shown in the preview \(the preview copy could not be made: host unreachable\)$/);
  });

  it('asks nothing of main for models without KTX2 textures', async () => {
    const result = await previewable(target({ localId: 'job_0001' }), PLAIN_MODEL, new AbortController().signal);
    expect(result).toEqual({ bytes: PLAIN_MODEL, omissions: [] });
    expect(previewCopy).not.toHaveBeenCalled();
    expect(makePreviewCompatible(PLAIN_MODEL)).toEqual({ bytes: PLAIN_MODEL, omissions: [] });
  });
});
