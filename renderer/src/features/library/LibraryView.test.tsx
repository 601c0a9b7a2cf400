import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PAGES, PAGE_SIZE } from '../../domain/library/pages';
import { TYPING_QUIET_MS } from '../../state/slices/library';
import { useStore } from '../../state/store';
import { AssetCell } from './AssetCell';
import { LibraryView } from './LibraryView';
import { giveResultsABox, installLibraryHost, summary } from './test-host';

giveResultsABox();

beforeEach(() => {
  useStore.setState(useStore.getInitialState(), true);
});

const cells = () => screen.queryAllByRole('listitem').filter((el) => el.classList.contains('lib-cell'));

describe('the library view', () => {
  it('counts 100,000 assets but holds only a few pages and draws only a screenful', async () => {
    const host = installLibraryHost(100_000);
    render(<LibraryView />);
    expect(await screen.findByText('100,000 assets')).toBeInTheDocument();
    await waitFor(() => expect(cells().length).toBeGreaterThan(0));
    expect(cells().length).toBeLessThan(100);
    for (const [args] of host.calls.search.mock.calls) expect(args.limit).toBeLessThanOrEqual(PAGE_SIZE);
    const held = [...useStore.getState().libraryPages.values()].reduce((n, p) => n + p.length, 0);
    expect(held).toBeLessThanOrEqual(MAX_PAGES * PAGE_SIZE);
  });

  it('a keystroke sends one search, for the first page, and the shown results stay until its answer replaces them', async () => {
    const host = installLibraryHost(100_000);
    render(<LibraryView />);
    await screen.findByText('100,000 assets');
    await waitFor(() => expect(cells().length).toBeGreaterThan(0));
    const before = host.calls.search.mock.calls.length;
    host.hold();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search library' }), { target: { value: 'wood' } });
    // While main answers, the grid keeps what it showed (no emptied grid mid-typing).
    expect(cells().length).toBeGreaterThan(0);
    expect(cells()[0]!.getAttribute('aria-label')).toBe('Wooden chair 0');
    expect(cells()[1]!.getAttribute('aria-label')).toBe('Stone lantern 1');
    await act(() => host.release());
    await waitFor(() => expect(cells().every((c) => c.getAttribute('aria-label')!.startsWith('Wooden chair'))).toBe(true));
    const sent = host.calls.search.mock.calls.slice(before).map(([a]) => [a.query, a.offset]);
    expect(sent).toEqual([['wood', 0]]);
  });

  it('cells that appear while typing fetch their pictures once typing pauses; cells shown before keep theirs', async () => {
    installLibraryHost(1000, { thumbnails: true });
    render(<LibraryView />);
    await waitFor(() => expect(cells().length).toBeGreaterThan(0));
    const picture = (label: string) => cells().find((c) => c.getAttribute('aria-label') === label)?.querySelector('img.lib-thumb');
    // Nobody typing: the first results show their pictures at once.
    expect(picture('Wooden chair 0')?.getAttribute('src')).toBe('/assets/L000000/thumbnail');
    expect(picture('Stone lantern 1')).toBeTruthy();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search library' }), { target: { value: 'wood' } });
      for (let i = 0; i < 5 && useStore.getState().libraryResultsFor !== 'wood'; i++) await act(() => Promise.resolve());
      expect(useStore.getState().libraryResultsFor).toBe('wood');
      expect(picture('Wooden chair 0')).toBeTruthy();
      // A cell the answer brought while typing shows its kind until typing pauses.
      expect(cells().some((c) => c.getAttribute('aria-label') === 'Wooden chair 10')).toBe(true);
      expect(picture('Wooden chair 10')).toBeFalsy();
      act(() => vi.advanceTimersByTime(TYPING_QUIET_MS - 1));
      expect(picture('Wooden chair 10')).toBeFalsy();
      act(() => vi.advanceTimersByTime(1));
      expect(picture('Wooden chair 10')?.getAttribute('src')).toBe('/assets/L000010/thumbnail');
    } finally {
      vi.useRealTimers();
    }
  });

  it('an answer equal to the shown results leaves every cell as it is', async () => {
    installLibraryHost(1000);
    render(<LibraryView />);
    const field = screen.getByRole('searchbox', { name: 'Search library' });
    fireEvent.change(field, { target: { value: 'wood' } });
    await waitFor(() => expect(useStore.getState().libraryResultsFor).toBe('wood'));
    const before = useStore.getState().libraryPages;
    const firstCell = cells()[0];
    fireEvent.change(field, { target: { value: 'wood ' } });
    await waitFor(() => expect(useStore.getState().libraryResultsFor).toBe('wood '));
    expect(useStore.getState().libraryPages).toBe(before);
    expect(cells()[0]).toBe(firstCell);
  });

  it('each keystroke searches, and an answer overtaken by newer typing is never shown', async () => {
    const host = installLibraryHost(1000);
    render(<LibraryView />);
    await screen.findByText('1,000 assets');
    host.hold();
    const field = screen.getByRole('searchbox', { name: 'Search library' });
    fireEvent.change(field, { target: { value: 'w' } });
    fireEvent.change(field, { target: { value: 'wo' } });
    fireEvent.change(field, { target: { value: 'wooden' } });
    await act(() => host.release());
    await waitFor(() => expect(screen.getByText('100 assets')).toBeInTheDocument());
    const queries = host.calls.search.mock.calls.map(([a]) => a.query).filter(Boolean);
    // "wo" waited behind "w" and was overtaken by "wooden": never sent.
    expect(queries).not.toContain('wo');
    expect(queries.at(-1)).toBe('wooden');
    await waitFor(() => expect(cells().every((c) => c.getAttribute('aria-label')!.startsWith('Wooden chair'))).toBe(true));
    fireEvent.change(field, { target: { value: 'nothing-like-it' } });
    expect(await screen.findByText('Nothing in the library matches “nothing-like-it”.')).toBeInTheDocument();
  });

  it('Ctrl-click chooses several and Compare opens them in compare by their jobs', async () => {
    installLibraryHost(20);
    const openCompare = vi.fn(() => null);
    useStore.setState({ openCompare });
    render(<LibraryView />);
    await waitFor(() => expect(cells().length).toBeGreaterThan(2));
    const [a, b] = cells();
    fireEvent.click(within(a!).getAllByRole('button')[0]!, { ctrlKey: true });
    fireEvent.click(within(b!).getAllByRole('button')[0]!, { ctrlKey: true });
    expect(screen.getByText('2 assets chosen')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    expect(openCompare).toHaveBeenCalledWith(['L000000', 'L000001']);
  });

  it('a cell says in words how often it was exported (its badge is an icon and a count)', async () => {
    render(<AssetCell asset={summary(7, { exportCount: 2 })} index={0} layout="grid" selected={false} opened={false} onOpen={vi.fn()} onDetails={vi.fn()} onFavourite={vi.fn()} />);
    const badge = screen.getByRole('img', { name: 'Exported 2 times' });
    expect(badge).toHaveTextContent('2');
    expect(badge.querySelector('svg')).not.toBeNull();
  });

  it('a click opens the asset in the viewport as the history opens its job', async () => {
    installLibraryHost(5);
    const openJob = vi.fn();
    useStore.setState({ openJob });
    render(<LibraryView />);
    await waitFor(() => expect(cells().length).toBe(5));
    fireEvent.click(within(cells()[1]!).getAllByRole('button')[0]!);
    expect(openJob).toHaveBeenCalledWith({ localId: 'L000001', kind: 'text-to-3d', title: 'Stone lantern 1' });
    expect(useStore.getState().libraryOpenedId).toBe('j_L000001');
  });

  it('details read the lineage as a chain and re-export, reveal, tag and delete from it', async () => {
    const host = installLibraryHost(5);
    const image = summary(1, { id: 'j_img', title: 'Chair photo', mediaKind: 'image', generationKind: 'image-upload' as never });
    const model = summary(2, { id: 'j_model', title: 'Chair' });
    const retex = summary(3, { id: 'j_L000003', title: 'Chair, oak', generationKind: 'retexture', exportCount: 1, bytes: 2 * 1024 * 1024 });
    host.details.set('j_L000003', {
      ...retex,
      note: '',
      collections: [],
      sources: [
        { relation: 'retexture', asset: model },
        { relation: 'image-to-3d', asset: image },
      ],
      descendants: [],
      exports: [{ id: 'x1', assetId: 'j_L000003', folderPath: '/games/tavern', format: 'glb', fixes: [], files: ['/games/tavern/models/chair.glb'], at: '2026-11-27T14:05:00.000Z' }],
    });
    render(<LibraryView />);
    await waitFor(() => expect(cells().length).toBe(5));
    fireEvent.click(screen.getByRole('button', { name: 'Details of Stone lantern 3' }));
    const lineage = await screen.findByRole('region', { name: 'Lineage' });
    expect(within(lineage).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Image: Chair photo',
      '→ Image to 3DModel: Chair',
      '→ RetextureModel: Chair, oak',
      '→ ExportGLB to tavern',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Re-export' }));
    await waitFor(() => expect(host.calls.reExport).toHaveBeenCalledWith({ exportId: 'x1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(host.calls.reveal).toHaveBeenCalledWith({ exportId: 'x1' }));
    await waitFor(() => expect(useStore.getState().toasts.some((t) => t.body === '/games/tavern/models/chair.glb')).toBe(true));

    fireEvent.change(screen.getByRole('combobox', { name: 'Add a tag' }), { target: { value: 'props, tavern' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(host.calls.tag).toHaveBeenCalledWith({ ids: ['j_L000003'], add: ['props', 'tavern'] }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete “Chair, oak”?');
    expect(dialog).toHaveTextContent('1 export already in your project folders stay where it is.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(host.calls.delete).toHaveBeenCalledWith({ ids: ['j_L000003'] }));
    await waitFor(() => expect(useStore.getState().toasts.some((t) => t.title === 'Deleted 1 asset' && t.body === '5.0 MB freed on this disk.')).toBe(true));
  });
});
