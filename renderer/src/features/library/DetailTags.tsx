/** The detail panel's tags (add with suggestions from the library's own tags, remove), collections and note. */
import { useEffect, useId, useState } from 'react';
import type { LibraryAssetDetail } from '../../../../shared/domain/library';
import { MAX_NOTE_LENGTH } from '../../../../shared/domain/library';
import { Menu, MenuItem, MenuSeparator } from '../../components/Menu';
import { readTagDraft } from '../../domain/library/tag-draft';
import { useStore } from '../../state/store';

export function DetailTags({ asset }: { asset: LibraryAssetDetail }) {
  const tagAssets = useStore((s) => s.tagAssets);
  const facets = useStore((s) => s.libraryFacets);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const listId = useId();
  const add = async () => {
    const read = readTagDraft(draft);
    if ('problem' in read) return setProblem(read.problem);
    setProblem(null);
    if (read.tags.length && (await tagAssets([asset.id], { add: read.tags }))) setDraft('');
  };
  const suggestions = (facets?.tags ?? []).filter((t) => !asset.tags.some((own) => own.toLowerCase() === t.tag.toLowerCase())).slice(0, 50);
  return (
    <section className="lib-section" aria-label="Tags">
      <h4>Tags</h4>
      <ul className="lib-chips">
        {asset.tags.map((t) => (
          <li key={t} className="lib-chip">
            {t}
            <button type="button" aria-label={`Remove tag ${t}`} onClick={() => void tagAssets([asset.id], { remove: [t] })}>
              ×
            </button>
          </li>
        ))}
        {asset.tags.length === 0 ? <li className="lib-none">No tags yet.</li> : null}
      </ul>
      <form
        className="lib-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <input className="input" aria-label="Add a tag" placeholder="Add a tag (commas for several)" list={listId} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <datalist id={listId}>
          {suggestions.map((t) => (
            <option key={t.tag} value={t.tag} />
          ))}
        </datalist>
        <button type="submit" className="btn btn-small" disabled={!draft.trim()}>
          Add
        </button>
      </form>
      {problem ? <p className="field-error">{problem}</p> : null}
    </section>
  );
}

export function DetailCollections({ asset }: { asset: LibraryAssetDetail }) {
  const collections = useStore((s) => s.libraryCollections);
  const create = useStore((s) => s.createCollection);
  const addTo = useStore((s) => s.addToCollection);
  const removeFrom = useStore((s) => s.removeFromCollection);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const mine = new Set(asset.collections.map((c) => c.id));
  const others = collections.filter((c) => !mine.has(c.id));
  const makeAndAdd = async () => {
    const made = await create(name.trim());
    if (made && (await addTo(made.id, [asset.id]))) {
      setName('');
      setNaming(false);
    }
  };
  return (
    <section className="lib-section" aria-label="Collections">
      <h4>Collections</h4>
      <ul className="lib-chips">
        {asset.collections.map((c) => (
          <li key={c.id} className="lib-chip">
            {c.name}
            <button type="button" aria-label={`Remove from ${c.name}`} onClick={() => void removeFrom(c.id, [asset.id])}>
              ×
            </button>
          </li>
        ))}
        {asset.collections.length === 0 ? <li className="lib-none">In no collection.</li> : null}
      </ul>
      {naming ? (
        <form
          className="lib-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void makeAndAdd();
          }}
        >
          <input className="input" aria-label="New collection name" placeholder="Name of the new collection" value={name} autoFocus onChange={(e) => setName(e.target.value)} onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              setNaming(false);
            }
          }} />
          <button type="submit" className="btn btn-small" disabled={!name.trim()}>
            Create and add
          </button>
        </form>
      ) : (
        <Menu label="Collections" align="start" trigger={<button type="button" className="btn btn-small">Add to collection…</button>}>
          {others.map((c) => (
            <MenuItem key={c.id} onSelect={() => void addTo(c.id, [asset.id])}>
              {c.name}
            </MenuItem>
          ))}
          {others.length ? <MenuSeparator /> : null}
          <MenuItem onSelect={() => setNaming(true)}>New collection…</MenuItem>
        </Menu>
      )}
    </section>
  );
}

export function DetailNote({ asset }: { asset: LibraryAssetDetail }) {
  const setNote = useStore((s) => s.setAssetNote);
  const [draft, setDraft] = useState(asset.note);
  useEffect(() => setDraft(asset.note), [asset.id, asset.note]);
  const changed = draft !== asset.note;
  return (
    <section className="lib-section" aria-label="Note">
      <h4>Note</h4>
      <textarea
        className="input"
        aria-label="Note"
        rows={3}
        maxLength={MAX_NOTE_LENGTH}
        placeholder="Anything to remember about this asset"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (changed) void setNote(asset.id, draft);
        }}
      />
      {changed ? (
        <button type="button" className="btn btn-small" onClick={() => void setNote(asset.id, draft)}>
          Save note
        </button>
      ) : null}
    </section>
  );
}
