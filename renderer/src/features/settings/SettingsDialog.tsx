/**
 * Settings: environments and keys, how secrets are kept, credits, project
 * folders and export defaults. Also mounts the Export dialog, which shares
 * the folders and defaults.
 */
import { Dialog } from '../../components/Dialog';
import { bridge } from '../../bridge';
import { useStore } from '../../state/store';
import { ExportDialog } from '../export/ExportDialog';
import { ExportOptionsFields } from '../export/ExportOptionsFields';
import { EnvironmentsSection } from './EnvironmentsSection';
import { ProjectFoldersSection } from './ProjectFoldersSection';
import './settings.css';

export function SettingsDialog() {
  const open = useStore((s) => s.settingsOpen);
  const close = useStore((s) => s.closeSettings);
  const snapshot = useStore((s) => s.settings);
  const folders = useStore((s) => s.projectFolders);
  return (
    <>
      <Dialog open={open} title="Settings" onClose={close} className="settings-dialog">
        {snapshot ? (
          <>
            <section className="settings-section" aria-labelledby="settings-secrets">
              <h3 id="settings-secrets">Secret storage</h3>
              <p className={snapshot.storage.protectedStorageAvailable ? '' : 'settings-warning'}>{snapshot.storage.message}</p>
              {snapshot.storage.notices.map((n) => (
                <p key={n} className="settings-muted">
                  {n}
                </p>
              ))}
            </section>
            <EnvironmentsSection snapshot={snapshot} />
            <section className="settings-section" aria-labelledby="settings-credits">
              <h3 id="settings-credits">Credits</h3>
              <p className="settings-muted">
                The balance is learnt from the service's "insufficient credits" answers and shown with each key; prices are not published, so none are estimated here.
              </p>
            </section>
            <ProjectFoldersSection folders={folders} />
            <section className="settings-section" aria-labelledby="settings-export">
              <h3 id="settings-export">Export defaults</h3>
              <ExportOptionsFields
                key={JSON.stringify(snapshot.exportDefaults)}
                value={snapshot.exportDefaults}
                onChange={(patch) => void bridge().api.settings.setExportDefaults(patch)}
              />
            </section>
          </>
        ) : (
          <p>Loading settings…</p>
        )}
      </Dialog>
      <ExportDialog />
    </>
  );
}
