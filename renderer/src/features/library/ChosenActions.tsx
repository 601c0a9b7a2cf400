/**
 * Acting on several assets at once, from the bar of those chosen with
 * Ctrl/Cmd-click: tag them all, or put them all in a collection (an existing
 * one, or a new one named here). Each says what it did in a toast.
 */
import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { Menu, MenuItem, MenuSeparator } from '../../components/Menu';
import { readTagDraft } from '../../domain/library/tag-draft';
import { countWords } from '../../domain/library/words';
import { useStore } from '../../state/store';

const done = (title: string) => useStore.getState().pushToast({ level: 'success', title });

export function TagChosen({ ids }: { ids: string[] }) {
  const tagAssets = useStore((s) => s.tagAssets);
  const facets = useStore((s) => s.libraryFacets);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const listId = useId();
  const close = () => {
    setOpen(false);
    setDraft('');
    setProblem(null);
  };
  const add = async () => {
    const read = readTagDraft(draft);
    if ('problem' in read) return setProblem(read.problem);
    if (!read.tags.length || !(await tagAssets(ids, { add: read.tags }))) return;
    done(`Tagged ${countWords(ids.length, 'asset')} ${read.tags.map((t) => `“${t}”`).join(', ')}`);
    close();
  };
  return (
    <>
      <button type="button" className="btn btn-small" onClick={() => setOpen(true)}>
        Tag…
      </button>
      <Dialog open={open} title={`Tag ${countWords(ids.length, 'asset')}`} onClose={close}>
        <form
          className="lib-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <input className="input" aria-label="Tags to add" placeholder="Tags (commas for several)" list={listId} value={draft} autoFocus onChange={(e) => setDraft(e.target.value)} />
          <datalist id={listId}>
            {(facets?.tags ?? []).slice(0, 50).map((t) => (
              <option key={t.tag} value={t.tag} />
            ))}
          </datalist>
          <button type="submit" className="btn btn-small btn-primary" disabled={!draft.trim()}>
            Add tags
          </button>
        </form>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}

export function CollectChosen({ ids }: { ids: string[] }) {
  const collections = useStore((s) => s.libraryCollections);
  const create = useStore((s) => s.createCollection);
  const addTo = useStore((s) => s.addToCollection);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const put = async (collection: { id: string; name: string }) => {
    if (await addTo(collection.id, ids)) done(`Added ${countWords(ids.length, 'asset')} to ${collection.name}`);
  };
  const makeAndPut = async () => {
    const made = await create(name.trim());
    if (!made) return;
    await put(made);
    setName('');
    setNaming(false);
  };
  return (
    <>
      <Menu label="Collections" align="end" trigger={<button type="button" className="btn btn-small">Add to collection…</button>}>
        {collections.map((c) => (
          <MenuItem key={c.id} onSelect={() => void put(c)}>
            {c.name}
          </MenuItem>
        ))}
        {collections.length ? <MenuSeparator /> : null}
        <MenuItem onSelect={() => setNaming(true)}>New collection…</MenuItem>
      </Menu>
      <Dialog open={naming} title="New collection" onClose={() => setNaming(false)}>
        <form
          className="lib-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void makeAndPut();
          }}
        >
          <input className="input" aria-label="New collection name" placeholder="Name of the new collection" value={name} autoFocus maxLength={120} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="btn btn-small btn-primary" disabled={!name.trim()}>
            Create and add {countWords(ids.length, 'asset')}
          </button>
        </form>
      </Dialog>
    </>
  );
}
