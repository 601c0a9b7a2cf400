import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useStore } from '../../state/store';
import { LibraryView } from './LibraryView';
import { giveResultsABox, installLibraryHost } from './test-host';

giveResultsABox();
beforeEach(() => useStore.setState(useStore.getInitialState(), true));

const cell = (label: string) => screen.getAllByRole('listitem').find((el) => el.getAttribute('aria-label') === label)!;

async function chooseTwo(): Promise<void> {
  await waitFor(() => expect(screen.getAllByRole('listitem').length).toBeGreaterThan(2));
  const user = userEvent.setup();
  await user.keyboard('{Control>}');
  await user.click(within(cell('Wooden chair 0')).getAllByRole('button')[0]!);
  await user.click(within(cell('Stone lantern 1')).getAllByRole('button')[0]!);
  await user.keyboard('{/Control}');
  await screen.findByText('2 assets chosen');
}

describe('acting on the assets chosen together', () => {
  it('Tag… tags every chosen asset at once, names a tag it cannot take, and says what it did', async () => {
    const host = installLibraryHost(20);
    render(<LibraryView />);
    await chooseTwo();
    await userEvent.click(screen.getByRole('button', { name: 'Tag…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tag 2 assets' });
    const field = within(dialog).getByRole('combobox', { name: 'Tags to add' });
    await userEvent.type(field, 'x'.repeat(70));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tags' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/a tag is at most \d+ characters/);
    expect(host.calls.tag).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, 'tavern, Hero props{Enter}');
    await waitFor(() => expect(host.calls.tag).toHaveBeenCalledWith({ ids: ['j_L000000', 'j_L000001'], add: ['tavern', 'Hero props'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useStore.getState().toasts.at(-1)?.title).toBe('Tagged 2 assets “tavern”, “Hero props”');
  });

  it('Add to collection… puts every chosen asset in the collection picked, or in a new one named there', async () => {
    const host = installLibraryHost(20);
    render(<LibraryView />);
    await chooseTwo();
    await userEvent.click(screen.getByRole('button', { name: 'Add to collection…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Tavern' }));
    await waitFor(() => expect(host.calls.addToCollection).toHaveBeenCalledWith({ collectionId: 'c1', ids: ['j_L000000', 'j_L000001'] }));
    expect(useStore.getState().toasts.at(-1)?.title).toBe('Added 2 assets to Tavern');

    await userEvent.click(screen.getByRole('button', { name: 'Add to collection…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'New collection…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'New collection name' }), 'Forest props');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create and add 2 assets' }));
    await waitFor(() => expect(host.calls.createCollection).toHaveBeenCalledWith({ name: 'Forest props' }));
    await waitFor(() => expect(host.calls.addToCollection).toHaveBeenLastCalledWith({ collectionId: 'c2', ids: ['j_L000000', 'j_L000001'] }));
    expect(useStore.getState().toasts.at(-1)?.title).toBe('Added 2 assets to Forest props');
  });
});

describe('the collection the library is filtered by', () => {
  it('is named over the results, renamed in place, and deleted after asking, which clears the filter', async () => {
    const host = installLibraryHost(20);
    render(<LibraryView />);
    await screen.findByText('20 assets');
    await waitFor(() => expect(useStore.getState().libraryCollections.length).toBe(1));
    useStore.getState().setLibraryFilters({ collectionId: 'c1' });
    const bar = await screen.findByRole('group', { name: 'Collection' });
    expect(bar).toHaveTextContent(/^Collection TavernRename…Delete…$/);

    await userEvent.click(within(bar).getByRole('button', { name: 'Rename…' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename collection' });
    const name = within(rename).getByRole('textbox', { name: 'Collection name' });
    expect(name).toHaveValue('Tavern');
    await userEvent.clear(name);
    await userEvent.type(name, 'Old tavern{Enter}');
    await waitFor(() => expect(host.calls.renameCollection).toHaveBeenCalledWith({ collectionId: 'c1', name: 'Old tavern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(bar).getByRole('button', { name: 'Delete…' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete the collection “Tavern”?' });
    expect(ask).toHaveTextContent('Its 2 assets stay in the library, with their tags and other collections.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(host.calls.deleteCollection).not.toHaveBeenCalled();
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete…' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete collection' }));
    await waitFor(() => expect(host.calls.deleteCollection).toHaveBeenCalledWith({ collectionId: 'c1' }));
    await waitFor(() => expect(useStore.getState().libraryFilters.collectionId).toBeNull());
  });
});
