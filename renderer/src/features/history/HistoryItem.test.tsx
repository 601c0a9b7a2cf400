import { act, render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useStore } from '../../state/store';
import { HistoryPanel } from './HistoryPanel';
import { installHistoryHost, record } from './test-host';

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 360 });
});

beforeEach(() => {
  useStore.setState({ jobsById: {}, jobsLoaded: false, lastRemoved: null, historyFilter: { status: 'all', kind: 'all', query: '' }, viewportTarget: null });
});

const png = (name: string) => ({ name, size: 2048, sha256: 'b'.repeat(64), mime: 'image/png', path: `/staged/${name}` });
const thumbOf = (row: HTMLElement) => row.querySelector('img.history-thumb')?.getAttribute('src');

describe('history rows made from an image can be told apart', () => {
  it('shows the source image and a real title until the model exists, then the model', async () => {
    const host = installHistoryHost([
      record({ localId: 'kite01', kind: 'text-to-image', jobId: 'img-1', prompt: 'a red kite', asset: { state: 'ready', format: 'png', attempts: 1 }, createdAt: '2026-11-22T08:00:00.000Z' }),
      record({ localId: 'fromk1', kind: 'image-to-3d', title: 'Image to 3D', state: 'running', parentJobId: 'img-1', createdAt: '2026-11-22T08:01:00.000Z' }),
      record({ localId: 'chair1', kind: 'image-to-3d', title: 'Image to 3D', state: 'running', request: { file: png('chair.png') }, createdAt: '2026-11-22T08:02:00.000Z' }),
      record({ localId: 'sky001', kind: 'skybox-from-image', state: 'pending', keyName: 'Sandbox key 1', environmentName: 'Sandbox (built-in)', request: { file: png('valley.png') }, createdAt: '2026-11-22T08:03:00.000Z' }),
    ]);
    render(<HistoryPanel />);

    const fromKite = await screen.findByRole('article', { name: 'Image to 3D of a red kite' });
    expect(thumbOf(fromKite)).toBe('/assets/kite01/asset');
    const chair = screen.getByRole('article', { name: 'chair.png' });
    expect(thumbOf(chair)).toBe('/assets/chair1/source');
    const sky = screen.getByRole('article', { name: 'valley.png' });
    expect(thumbOf(sky)).toBe('/assets/sky001/source');
    // No row is titled by its kind alone.
    for (const row of screen.getAllByRole('article')) expect(row.getAttribute('aria-label')).not.toMatch(/^(Image to 3D|Skybox from image|Text to image)$/);

    // The metadata: the kind and time on one line, where it ran on the next, without repeating the environment.
    const [what, where] = sky.querySelectorAll('.history-meta');
    expect(what).toHaveTextContent('Skybox from image');
    expect(where).toHaveTextContent(/^Sandbox key 1$/);
    expect(where).toHaveAttribute('title', 'Sandbox (built-in) · Sandbox key 1');
    expect(within(chair).getByText('Sandbox · Main key')).toBeInTheDocument();

    // The model arrives with its own thumbnail: the row shows it instead of the photo.
    act(() =>
      host.emit([
        record({ localId: 'chair1', kind: 'image-to-3d', title: 'Image to 3D', jobId: 'm-2', request: { file: png('chair.png') }, createdAt: '2026-11-22T08:02:00.000Z', asset: { state: 'ready', format: 'glb', attempts: 1, hasThumbnail: true } }),
      ]),
    );
    expect(thumbOf(screen.getByRole('article', { name: 'chair.png' }))).toBe('/assets/chair1/thumbnail');
  });
});
