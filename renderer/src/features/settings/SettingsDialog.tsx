/**
 * Settings: environments and keys, how secrets are kept, credits, project
 * folders and export defaults. Also mounts the Export dialog, which shares
 * the folders and defaults.
 */
import { useEffect } from 'react';
import { Dialog } from '../../components/Dialog';
import { bridge } from '../../bridge';
import { useStore } from '../../state/store';
import { ExportOptionsFields } from '../../components/ExportOptionsFields';
import { CostsSection } from './CostsSection';
import { EnvironmentsSection } from './EnvironmentsSection';
import { ProjectFoldersSection } from './ProjectFoldersSection';
import './settings.css';

const SECTION_IDS: Record<string, string> = { keys: 'settings-environments', environments: 'settings-environments', folders: 'settings-folders', export: 'settings-export', credits: 'settings-credits' };

export function SettingsDialog() {
  const open = useStore((s) => s.settingsOpen);
  const close = useStore((s) => s.closeSettings);
  const snapshot = useStore((s) => s.settings);
  const folders = useStore((s) => s.projectFolders);
  const section = useStore((s) => s.settingsSection);
  useEffect(() => {
    if (!open || !snapshot || !section) return;
    // Features send the user to a section ('keys' after a 401, 'folders' from Export).
    const id = SECTION_IDS[section] ?? `settings-${section}`;
    document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
  }, [open, section, snapshot]);
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
            <CostsSection snapshot={snapshot} />
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
    </>
  );
}
