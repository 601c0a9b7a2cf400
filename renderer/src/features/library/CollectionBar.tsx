/**
 * Shown while the library is filtered by a collection: its name, and
 * Rename… and Delete… for the collection itself (its assets stay in the
 * library when it goes).
 */
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { countWords } from '../../domain/library/words';
import { useStore } from '../../state/store';

export function CollectionBar() {
  const collectionId = useStore((s) => s.libraryFilters.collectionId);
  const collection = useStore((s) => s.libraryCollections.find((c) => c.id === collectionId));
  const rename = useStore((s) => s.renameCollection);
  const remove = useStore((s) => s.deleteCollection);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [name, setName] = useState('');
  if (!collection) return null;
  const close = () => setDialog(null);
  return (
    <div className="lib-collection" role="group" aria-label="Collection">
      {/* No count here: the results' count just above is the one to read (a collection's own count also holds assets removed from the history). */}
      <span>
        Collection <strong>{collection.name}</strong>
      </span>
      <button
        type="button"
        className="btn btn-small btn-ghost"
        onClick={() => {
          setName(collection.name);
          setDialog('rename');
        }}
      >
        Rename…
      </button>
      <button type="button" className="btn btn-small btn-ghost" onClick={() => setDialog('delete')}>
        Delete…
      </button>
      <Dialog open={dialog === 'rename'} title="Rename collection" onClose={close}>
        <form
          className="lib-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void rename(collection.id, name.trim()).then((ok) => ok && close());
          }}
        >
          <input className="input" aria-label="Collection name" value={name} autoFocus maxLength={120} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="btn btn-small btn-primary" disabled={!name.trim() || name.trim() === collection.name}>
            Rename
          </button>
        </form>
      </Dialog>
      <Dialog
        open={dialog === 'delete'}
        title={`Delete the collection “${collection.name}”?`}
        onClose={close}
        footer={
          <>
            <button type="button" className="btn btn-small" onClick={close}>
              Keep it
            </button>
            <button type="button" className="btn btn-small btn-danger" onClick={() => void remove(collection.id).then((ok) => ok && close())}>
              Delete collection
            </button>
          </>
        }
      >
        <p>{collection.count ? `Its ${countWords(collection.count)} ${collection.count === 1 ? 'stays' : 'stay'} in the library, with ${collection.count === 1 ? 'its' : 'their'} tags and other collections.` : 'It holds no assets.'}</p>
      </Dialog>
    </div>
  );
}
