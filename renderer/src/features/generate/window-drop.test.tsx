/** Files dropped anywhere on the window go where they are useful, or are explained. */
import { act, fireEvent, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useWindowDrop } from '../../app/use-window-drop';
import { useStore } from '../../state/store';
import { glbFile, installFakeHost, pngFile, resetStore, textFile, type FakeHost } from './test-support';
import { handleWindowDrop } from './window-drop';

let host: FakeHost;

beforeEach(() => {
  resetStore();
  host = installFakeHost();
});

function videoFile(name: string): File {
  const bytes = new Uint8Array(64);
  bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]); // ....ftypisom
  return new File([bytes], name);
}

describe('handleWindowDrop', () => {
  it('one image opens Image to 3D with it loaded, one click from Generate', async () => {
    await act(() => handleWindowDrop([pngFile('cat.png')]));
    const s = useStore.getState();
    expect(s.generateKind).toBe('image-to-3d');
    expect(s.drafts['image-to-3d']?.file).toMatchObject({ name: 'cat.png', stagedFileId: expect.any(String) });
    await act(async () => {
      await useStore.getState().submitGenerate();
    });
    expect(host.submit.mock.calls[0]![0]).toMatchObject({ kind: 'image-to-3d', fields: { file: { stagedFileId: expect.any(String) } } });
  });

  it('several images open Multi-image to 3D with the views filled by name', async () => {
    await act(() => handleWindowDrop([pngFile('left.png'), pngFile('front.png'), pngFile('back.png')]));
    const s = useStore.getState();
    expect(s.generateKind).toBe('multi-image-to-3d');
    const d = s.drafts['multi-image-to-3d']!;
    expect([d.frontImage, d.leftImage, d.backImage].map((f) => (f as { name: string }).name)).toEqual(['front.png', 'left.png', 'back.png']);
  });

  it('a GLB opens in the viewport when it offers local files, else says it cannot', async () => {
    const openLocalFile = vi.fn();
    useStore.setState({ openLocalFile } as never);
    const file = glbFile('robot.glb');
    expect(await handleWindowDrop([file])).toEqual({ action: 'inspect-glb' });
    expect(openLocalFile).toHaveBeenCalledWith(file);
    expect(host.stageFile).not.toHaveBeenCalled();
    const hdr = new File(['#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n'], 'studio.hdr');
    expect(await handleWindowDrop([hdr])).toEqual({ action: 'inspect-glb' });
    expect(openLocalFile).toHaveBeenLastCalledWith(hdr);
  });

  it('a video goes to Animate from video only with early access', async () => {
    expect(await handleWindowDrop([videoFile('walk.mp4')])).toMatchObject({ action: 'refused', message: expect.stringMatching(/coming soon/) });
    expect(useStore.getState().generateKind).toBe('text-to-3d');
    useStore.setState({ earlyAccess: true } as never);
    expect(await handleWindowDrop([videoFile('walk.mp4')])).toEqual({ action: 'animate-video', ok: true });
    expect(useStore.getState().generateKind).toBe('animate-video');
  });

  it('anything else gets a message saying what can be dropped', async () => {
    const out = await handleWindowDrop([textFile('notes.txt')]);
    expect(out).toMatchObject({ action: 'refused' });
    const toast = useStore.getState().toasts.at(-1)!;
    expect(toast.body).toMatch(/notes\.txt/);
    expect(toast.body).toMatch(/one image .* for Image to 3D, a 2:1 panorama for the 360° viewer and Skybox from image, several images for Multi-image to 3D, a GLB model or an HDR panorama to inspect it/);
    expect(host.stageFile).not.toHaveBeenCalled();
  });

  it('a 21 MB image is refused before anything is staged or sent', async () => {
    const big = pngFile('huge.png');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await handleWindowDrop([big]);
    expect(useStore.getState().fieldErrors['image-to-3d']?.file).toMatch(/21\.0 MB; the limit is 20\.0 MB/);
    expect(host.stageFile).not.toHaveBeenCalled();
    expect(host.submit).not.toHaveBeenCalled();
  });
});

describe('useWindowDrop', () => {
  function Probe() {
    const over = useWindowDrop();
    return <div data-testid="probe">{over ? 'over' : 'idle'}</div>;
  }

  it('shows the overlay while files are dragged over the window and hands a drop to the generate panel', async () => {
    const { getByTestId } = render(<Probe />);
    fireEvent.dragEnter(window, { dataTransfer: { types: ['Files'], files: [] } });
    expect(getByTestId('probe')).toHaveTextContent('over');
    await act(async () => {
      fireEvent.drop(window, { dataTransfer: { types: ['Files'], files: [pngFile('dropped.png')] } });
    });
    expect(getByTestId('probe')).toHaveTextContent('idle');
    await vi.waitFor(() => expect(useStore.getState().drafts['image-to-3d']?.file).toMatchObject({ name: 'dropped.png' }));
  });
});
