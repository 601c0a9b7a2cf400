/**
 * Project folders: add by typing or dropping a path, by the system dialog
 * (Electron) or the home-limited chooser (browser shell); each shows the
 * engine recognised, the subfolder exports go to, and its budget.
 */
import { useState } from 'react';
import type { ProjectFolderView } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { FolderBrowser } from '../../components/FolderBrowser';
import { BudgetEditor } from './BudgetEditor';
import { problemOf } from './messages';

const ENGINE_NAMES: Record<ProjectFolderView['engine'], string> = { unity: 'Unity project', godot: 'Godot project', unreal: 'Unreal project', plain: 'Plain folder' };

/** A path dropped from a file manager arrives as a file:// URI or plain text. */
function pathFromDrop(data: DataTransfer): string | undefined {
  const uri = data.getData('text/uri-list').split(/\r?\n/).find((l) => l.startsWith('file://'));
  if (uri) {
    try {
      return decodeURIComponent(new URL(uri).pathname);
    } catch {
      return undefined;
    }
  }
  const text = data.getData('text/plain').trim();
  return text.startsWith('/') || /^[A-Za-z]:[\\/]/.test(text) ? text : undefined;
}

export function ProjectFoldersSection({ folders }: { folders: ProjectFolderView[] }) {
  const [path, setPath] = useState('');
  const [error, setError] = useState<string>();
  const [browsing, setBrowsing] = useState(false);
  const api = () => bridge().api.export;
  const add = async (p: string) => {
    const result = await api().addFolder({ path: p });
    setError(problemOf(result));
    if (result.ok) setPath('');
  };
  return (
    <section
      className="settings-section"
      aria-labelledby="settings-folders"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        const dropped = pathFromDrop(e.dataTransfer);
        if (dropped) {
          e.preventDefault();
          e.stopPropagation();
          void add(dropped);
        }
      }}
    >
      <h3 id="settings-folders">Project folders</h3>
      <ul className="settings-list" aria-label="Project folders">
        {folders.map((f) => (
          <FolderItem key={f.id} folder={f} onError={setError} />
        ))}
      </ul>
      <form
        className="settings-inline"
        onSubmit={(e) => {
          e.preventDefault();
          void add(path.trim());
        }}
      >
        <TextField label="Folder path" value={path} onChange={setPath} placeholder="/home/you/Projects/MyGame" help="Type or drop a project folder here." />
        <Button type="submit" disabled={path.trim() === ''}>
          Add folder
        </Button>
        {bridge().shell === 'electron' ? (
          <Button
            onClick={async () => {
              const result = await api().pickFolder({});
              setError(problemOf(result));
            }}
          >
            Choose folder…
          </Button>
        ) : (
          <Button onClick={() => setBrowsing(true)}>Browse…</Button>
        )}
      </form>
      {browsing ? (
        <FolderBrowser
          onCancel={() => setBrowsing(false)}
          onChoose={(p) => {
            setBrowsing(false);
            void add(p);
          }}
        />
      ) : null}
      {error ? <p role="alert" className="settings-error">{error}</p> : null}
    </section>
  );
}

function FolderItem({ folder, onError }: { folder: ProjectFolderView; onError(message: string | undefined): void }) {
  const [subfolder, setSubfolder] = useState(folder.subfolder);
  return (
    <li className="settings-folder" aria-label={folder.name}>
      <div>
        <strong>{folder.name}</strong> <span className="settings-badge">{ENGINE_NAMES[folder.engine]}</span>
        {folder.available ? null : <span className="settings-error"> missing or not writable</span>}
      </div>
      <p className="settings-muted">{folder.path}</p>
      {folder.note ? <p className="settings-note">{folder.note}</p> : null}
      <form
        className="settings-inline"
        onSubmit={async (e) => {
          e.preventDefault();
          onError(problemOf(await bridge().api.export.setSubfolder({ folderId: folder.id, subfolder })));
        }}
      >
        <TextField
          label={`Export subfolder in ${folder.name}`}
          value={subfolder}
          onChange={setSubfolder}
          help={folder.proposedSubfolder ? `Proposed for this engine: ${folder.proposedSubfolder}` : 'Empty: files go in the folder itself.'}
        />
        <Button size="small" type="submit">
          Save subfolder
        </Button>
        <Button size="small" variant="danger" onClick={async () => onError(problemOf(await bridge().api.export.removeFolder({ folderId: folder.id })))}>
          Remove folder
        </Button>
      </form>
      {folder.budget ? <BudgetEditor folder={folder} budget={folder.budget} /> : null}
    </li>
  );
}
