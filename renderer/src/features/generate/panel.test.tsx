/**
 * Journeys through the panel: what gets sent for each purpose-made widget,
 * how the service's refusals come back onto the form, drafts across kinds
 * and restarts, chaining from history, and the Ctrl/Cmd+Enter shortcut.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS, HIGH_FACE_COUNT_THRESHOLD, RETARGET_PRESETS } from '../../../../shared/api';
import { useStore } from '../../state/store';
import { DRAFTS_STORAGE_KEY } from '../../state/slices/generate';
import { installFakeHost, job, pngFile, resetStore, type FakeHost, clickGenerate, openPanel as open } from './test-support';

let host: FakeHost;

beforeEach(() => {
  resetStore();
  host = installFakeHost();
});

describe('Text to 3D', () => {
  it('sends the prompt and options as the catalogue types them', async () => {
    open('text-to-3d');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a wooden chair' } });
    fireEvent.change(screen.getByLabelText(/^Target face count/), { target: { value: '20000' } });
    fireEvent.change(screen.getByLabelText(/^Texture resolution/), { target: { value: 'none' } });
    fireEvent.click(screen.getByLabelText('T-pose'));
    await clickGenerate();
    expect(host.submit).toHaveBeenCalledWith({
      kind: 'text-to-3d',
      fields: { prompt: 'a wooden chair', topology: 'auto', targetFaceCount: 20000, textureResolution: 'none', tPose: true },
    });
    expect(screen.getByRole('status')).toHaveTextContent(/Queued/);
  });

  it('explains face count 0 and geometry-only textures, and says when options cost extra before sending', () => {
    open('text-to-3d');
    expect(screen.getByText(/0 = let the service choose; up to 500,000/)).toBeInTheDocument();
    expect(within(screen.getByLabelText(/^Texture resolution/)).getByRole('option', { name: 'None (no texture)' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Topology/), { target: { value: 'quads' } });
    expect(screen.getAllByRole('note').map((n) => n.textContent).join(' ')).toMatch(/Quad topology costs extra credits/);
    fireEvent.change(screen.getByLabelText(/^Target face count/), { target: { value: String(HIGH_FACE_COUNT_THRESHOLD + 1) } });
    expect(screen.getAllByRole('note').map((n) => n.textContent).join(' ')).toMatch(/High face counts cost extra credits/);
  });

  it('submits with Ctrl+Enter or Cmd+Enter from anywhere in the window', async () => {
    open('text-to-3d');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a cat' } });
    await act(async () => {
      fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    });
    expect(host.submit).toHaveBeenCalledTimes(1);
    await act(async () => {
      fireEvent.keyDown(window, { key: 'Enter', metaKey: true });
    });
    expect(host.submit).toHaveBeenCalledTimes(2);
    await act(async () => {
      fireEvent.keyDown(window, { key: 'Enter' });
    });
    expect(host.submit).toHaveBeenCalledTimes(2);
  });
});

describe('errors where they belong', () => {
  it('puts a 422 naming a field under that field', async () => {
    host = installFakeHost(() => ({ ok: false, problem: { reason: 'invalid-request', message: 'Rejected.', status: 422, fields: [{ field: 'targetFaceCount', message: 'targetFaceCount must be a multiple of 10.' }] } }));
    open('text-to-3d');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a cat' } });
    await clickGenerate();
    expect(screen.getByLabelText(/^Target face count/)).toHaveAccessibleDescription(expect.stringContaining('Target face count must be a multiple of 10.'));
  });

  it('maps a job rejected later by the service onto its field', async () => {
    open('text-to-3d');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a cat' } });
    await clickGenerate();
    const sent = host.submit.mock.results[0]!.value as Promise<{ value: { localId: string } }>;
    const { localId } = (await sent).value;
    act(() => host.emitJobs([job({ localId, kind: 'text-to-3d', state: 'rejected', problem: { status: 422, message: 'prompt contains unsupported characters.', field: 'prompt' } })]));
    expect(screen.getByLabelText(/^Prompt/)).toHaveAccessibleDescription(expect.stringContaining('Prompt contains unsupported characters.'));
  });

  it('shows required and available credits on 402', async () => {
    host = installFakeHost(() => ({ ok: false, problem: { reason: 'insufficient-credits', message: 'Not enough credits.', status: 402, credits: { required: 30, available: 12 } } }));
    open('text-to-3d');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a cat' } });
    await clickGenerate();
    expect(screen.getByRole('alert')).toHaveTextContent("This request needs 30 credits; the key's balance is 12 credits.");
    expect(screen.getByRole('alert')).toHaveTextContent(/then press Generate again/);
  });

  it('offers the way to Settings on 401', async () => {
    host = installFakeHost(() => ({ ok: false, problem: { reason: 'unauthorized', message: 'The key was refused.', status: 401 } }));
    open('text-to-3d');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a cat' } });
    await clickGenerate();
    fireEvent.click(screen.getByRole('button', { name: /Open Settings/ }));
    expect(useStore.getState().settingsOpen).toBe(true);
  });

  it('follows the sent job: running with its stage, then finished', async () => {
    open('text-to-3d');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a cat' } });
    await clickGenerate();
    const { localId } = (await (host.submit.mock.results[0]!.value as Promise<{ value: { localId: string } }>)).value;
    act(() => host.emitJobs([job({ localId, kind: 'text-to-3d', state: 'running', fragments: [{ name: 'tex', displayName: 'Texturing' }] })]));
    expect(screen.getByRole('status')).toHaveTextContent('Running (Texturing). Follow it in History.');
    act(() => host.emitJobs([job({ localId, kind: 'text-to-3d', state: 'success' })]));
    expect(screen.getByRole('status')).toHaveTextContent('Finished. It is in History.');
  });

  it('shows a request held by the concurrency cap as queued, not failed', async () => {
    host = installFakeHost((args) => ({ ok: true, value: job({ localId: 'q1', kind: args.kind as 'text-to-3d', state: 'queued', queue: { reason: 'cap', attempts: 0 } }) }));
    open('text-to-3d');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a cat' } });
    await clickGenerate();
    expect(screen.getByRole('status')).toHaveTextContent(/Queued: 5 jobs are already running on this key/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Image to 3D', () => {
  it('sends a picked file as a staged reference with a preview, or an uploaded image as imageJobId without the file', async () => {
    useStore.setState({ jobsById: { u1: job({ localId: 'u1', kind: 'image-upload', jobId: 'up-img-1', title: 'robot.png' }) } } as never);
    open('image-to-3d');
    fireEvent.change(screen.getByLabelText(/^Image( \*)?$/), { target: { files: [pngFile('robot.png')] } });
    await waitFor(() => expect(screen.getByText('robot.png', { selector: '.staged-name' })).toBeInTheDocument());
    await clickGenerate();
    expect(host.submit.mock.calls[0]![0]).toMatchObject({ kind: 'image-to-3d', fields: { file: { stagedFileId: expect.any(String) } } });
    expect(host.submit.mock.calls[0]![0].fields).not.toHaveProperty('imageJobId');

    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Uploaded image' })).getByRole('radio', { name: 'robot.png' }));
    await clickGenerate();
    expect(host.submit.mock.calls[1]![0].fields).toMatchObject({ imageJobId: 'up-img-1' });
    expect(host.submit.mock.calls[1]![0].fields).not.toHaveProperty('file');
    expect(host.stageFile).toHaveBeenCalledTimes(1);
  });
});

describe('Multi-image to 3D', () => {
  it('fills views by file-name hints, lets the user move one, and sends FaceCount and EnablePBR as strings', async () => {
    open('multi-image-to-3d');
    const several = screen.getByLabelText('Several views at once');
    fireEvent.change(several, { target: { files: [pngFile('chair_back.png'), pngFile('chair-FRONT.png'), pngFile('side.png')] } });
    await waitFor(() => expect(host.stageFile).toHaveBeenCalledTimes(3));
    const draft = () => useStore.getState().drafts['multi-image-to-3d']!;
    await waitFor(() => expect((draft().frontImage as { name: string }).name).toBe('chair-FRONT.png'));
    expect((draft().backImage as { name: string }).name).toBe('chair_back.png');
    // No hint: the first free view.
    expect((draft().leftImage as { name: string }).name).toBe('side.png');

    // Reassign: the left view is really the right one.
    const leftSlot = screen.getByText('side.png', { selector: '.staged-name' }).closest('.staged')!;
    fireEvent.change(within(leftSlot as HTMLElement).getByRole('combobox'), { target: { value: 'rightImage' } });
    expect(draft().leftImage).toBeUndefined();
    expect((draft().rightImage as { name: string }).name).toBe('side.png');

    fireEvent.change(screen.getByLabelText(/^Face count/), { target: { value: '30000' } });
    fireEvent.click(screen.getByLabelText('Textured (PBR)'));
    await clickGenerate();
    const fields = host.submit.mock.calls[0]![0].fields;
    expect(fields).toMatchObject({ FaceCount: '30000', EnablePBR: 'true', frontImage: { stagedFileId: expect.any(String) }, backImage: expect.any(Object), rightImage: expect.any(Object) });
    expect(fields).not.toHaveProperty('leftImage');
  });

  it('needs a second view besides the front one', async () => {
    open('multi-image-to-3d');
    fireEvent.change(screen.getByLabelText(/^Front( \*)?$/), { target: { files: [pngFile('front.png')] } });
    await waitFor(() => expect(host.stageFile).toHaveBeenCalledTimes(1));
    await clickGenerate();
    expect(screen.getByRole('group', { name: 'Views' })).toHaveTextContent('Add at least one more view (left, back or right) besides the front.');
    expect(host.submit).not.toHaveBeenCalled();
  });
});

describe('coming-soon forms follow the spec', () => {
  it('Retarget offers the 16 presets and the in-place switch', () => {
    resetStore({ earlyAccess: true });
    open('retarget');
    const options = within(screen.getByLabelText(/^Motion preset/)).getAllByRole('option').map((o) => o.getAttribute('value')).filter(Boolean);
    expect(options).toEqual([...RETARGET_PRESETS]);
    expect(options).toHaveLength(16);
    expect(screen.getByLabelText('In place')).not.toBeChecked();
  });

  it('Spritesheet enforces the frame-count rule for the mode', async () => {
    resetStore({ earlyAccess: true });
    open('spritesheet');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a knight' } });
    fireEvent.change(screen.getByLabelText(/^Asset kind/), { target: { value: 'character' } });
    fireEvent.change(screen.getByLabelText(/^Mode/), { target: { value: 'animated' } });
    fireEvent.change(screen.getByLabelText(/^Frame count/), { target: { value: '1' } });
    await clickGenerate();
    expect(screen.getByLabelText(/^Frame count/)).toHaveAccessibleDescription(expect.stringContaining('Frame count: animated sprites take 12 or 16 frames, the other modes take 1.'));
    expect(host.submit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Frame count/), { target: { value: '12' } });
    await clickGenerate();
    expect(host.submit.mock.calls[0]![0].fields.spritesheet).toEqual({ assetKind: 'character', mode: 'animated', frameCount: 12 });
  });
});

describe('Edit image', () => {
  it('edits references (url and role) and sends them with the user prompt and presets', async () => {
    useStore.setState({ jobsById: { i1: job({ localId: 'i1', kind: 'text-to-image', jobId: 'up-i1', title: 'poster' }) } } as never);
    open('image-edit');
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Source image' })).getByRole('radio', { name: 'poster' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add reference' }));
    fireEvent.change(screen.getByLabelText(/^Image URL/), { target: { value: 'https://example.test/pose.png' } });
    expect(within(screen.getByLabelText(/^Role/)).getAllByRole('option').map((o) => o.getAttribute('value')).filter(Boolean)).toEqual(['base', 'pose', 'style']);
    fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: 'pose' } });
    fireEvent.change(screen.getByLabelText(/^Quick fixes/), { target: { value: 'fix-hands' } });
    await clickGenerate();
    expect(host.submit.mock.calls[0]![0].fields).toMatchObject({
      jobId: 'up-i1',
      references: [{ url: 'https://example.test/pose.png', kind: 'pose' }],
      quickFixPresets: 'fix-hands',
    });
  });

  it('a reference image can be picked from my own images (its public asset URL)', async () => {
    useStore.setState({
      jobsById: { i1: job({ localId: 'i1', kind: 'text-to-image', jobId: 'up-i1', title: 'poster' }) },
      settings: { environments: [{ id: 'env', storageUrl: 'http://127.0.0.1:9/storage', keys: [] }], active: { environmentId: 'env', keyId: 'k' } },
    } as never);
    open('image-edit');
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Source image' })).getByRole('radio', { name: 'poster' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add reference' }));
    fireEvent.change(screen.getByLabelText('Or one of my images'), { target: { value: 'http://127.0.0.1:9/storage/jobs/up-i1.png' } });
    expect(screen.getByLabelText(/^Image URL/)).toHaveValue('http://127.0.0.1:9/storage/jobs/up-i1.png');
    fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: 'style' } });
    await clickGenerate();
    expect(host.submit.mock.calls[0]![0].fields.references).toEqual([{ url: 'http://127.0.0.1:9/storage/jobs/up-i1.png', kind: 'style' }]);
  });

  it('a reference without its role is reported on that row', async () => {
    useStore.setState({ jobsById: { i1: job({ localId: 'i1', kind: 'text-to-image', jobId: 'up-i1', title: 'poster' }) } } as never);
    open('image-edit');
    fireEvent.click(screen.getByRole('button', { name: 'Add reference' }));
    fireEvent.change(screen.getByLabelText(/^Image URL/), { target: { value: 'https://example.test/a.png' } });
    await clickGenerate();
    expect(useStore.getState().fieldErrors['image-edit']).toHaveProperty(['references.0.kind']);
    expect(screen.getByLabelText(/^Role/)).toHaveAccessibleDescription(/Reference 1: choose a role\./);
  });
});

describe('drafts and chaining', () => {
  it('drafts survive a restart (localStorage, versioned key), files by their staged id and name only', async () => {
    open('text-to-3d');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'kept across restarts' } });
    const saved = JSON.parse(localStorage.getItem(DRAFTS_STORAGE_KEY)!);
    expect(saved.drafts['text-to-3d'].prompt).toBe('kept across restarts');
    vi.resetModules();
    const fresh = await import('../../state/store');
    expect(fresh.useStore.getState().drafts['text-to-3d']?.prompt).toBe('kept across restarts');
    expect(fresh.useStore.getState().generateKind).toBe('text-to-3d');
  });

  it('startFrom opens a kind with its source chosen (retexture this model, skybox from this image)', () => {
    open('text-to-3d');
    act(() => useStore.getState().startFrom('retexture', { sourceJobId: 'up-model-1' }));
    expect(screen.getByRole('combobox', { name: 'Generation type' })).toHaveValue('retexture');
    expect(useStore.getState().drafts.retexture?.jobId).toBe('up-model-1');
    act(() => useStore.getState().startFrom('skybox-from-image', { imageJobId: 'up-img-9' }));
    expect(useStore.getState().drafts['skybox-from-image']?.imageJobId).toBe('up-img-9');
    expect(screen.getByRole('radiogroup', { name: 'Uploaded image' })).toHaveTextContent('Job up-img-9');
  });

  it('"Use these settings again" pre-fills the original request and re-stages its file', async () => {
    open('text-to-3d');
    await act(async () => {
      await useStore.getState().useSettingsAgain({ kind: 'image-to-3d', request: { file: { name: 'cat.png', size: 10, sha256: 'x', mime: 'image/png', path: '/data/staged/cat.png' }, targetFaceCount: 8000, topology: 'quads' } });
    });
    expect(screen.getByRole('combobox', { name: 'Generation type' })).toHaveValue('image-to-3d');
    expect(screen.getByLabelText(/^Target face count/)).toHaveValue(8000);
    expect(screen.getByLabelText(/^Topology/)).toHaveValue('quads');
    expect(host.stagePath).toHaveBeenCalledWith({ path: '/data/staged/cat.png' });
    expect(useStore.getState().drafts['image-to-3d']?.file).toMatchObject({ stagedFileId: expect.any(String) });
  });

  it('Upload image costs 0 credits and lists the library', () => {
    useStore.setState({ jobsById: { u1: job({ localId: 'u1', kind: 'image-upload', jobId: 'up-1', title: 'hero.png' }) } } as never);
    open('image-upload');
    expect(screen.getByText('Uploading costs 0 credits.')).toBeInTheDocument();
    const library = screen.getByRole('region', { name: 'Image library' });
    expect(within(library).getByText('hero.png')).toBeInTheDocument();
    // No thumbnail in the cache yet: a placeholder, and no request that would 404.
    expect(library.querySelector('img')).toBeNull();
    expect(ENDPOINTS['image-upload'].fields.file.required).toBe(true);
  });
});
