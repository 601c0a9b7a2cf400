/**
 * The browser shell's folder chooser: the host lists directories under the
 * user's home directory (and refuses anything outside it).
 */
import { useEffect, useState } from 'react';
import type { BrowseListing } from '../../../shared/ipc';
import { bridge } from '../bridge';
import { Button } from './Button';

export function FolderBrowser({ onChoose, onCancel }: { onChoose(path: string): void; onCancel(): void }) {
  const [listing, setListing] = useState<BrowseListing>();
  const [error, setError] = useState<string>();
  const go = async (path?: string) => {
    const result = await bridge().api.export.browse(path ? { path } : {});
    if (result.ok) {
      setListing(result.value);
      setError(undefined);
    } else setError(result.problem.message);
  };
  useEffect(() => {
    void go();
  }, []);
  return (
    <div className="folder-browser" role="group" aria-label="Folder chooser">
      <p className="settings-muted">{listing ? listing.path : 'Loading…'}</p>
      <ul className="folder-browser-list">
        {listing?.parent ? (
          <li>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => go(listing.parent)}>
              .. (up)
            </button>
          </li>
        ) : null}
        {listing?.entries.map((e) => (
          <li key={e.path}>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => go(e.path)}>
              {e.name}
            </button>
          </li>
        ))}
      </ul>
      {listing && listing.entries.length === 0 ? <p className="settings-muted">No folders inside this one. You can choose it as it is.</p> : null}
      {listing?.truncated ? <p className="settings-muted">Only the first entries are listed.</p> : null}
      {error ? <p role="alert" className="settings-error">{error}</p> : null}
      <div className="settings-actions">
        <Button variant="primary" disabled={!listing} onClick={() => listing && onChoose(listing.path)}>
          Choose this folder
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </div>
  );
}
