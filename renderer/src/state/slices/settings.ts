/**
 * Settings slice: the host's SettingsSnapshot (environments, keys with masked
 * client ids and `hasSecret`, the active pair, storage notes, credits, export
 * defaults), the project folders, and which jobs the Export dialog is open
 * for. The truth lives in main; this is a cache fed by `settings:changed`
 * and `export:foldersChanged`. No secret ever reaches it.
 */
import type { ProjectFolderView, SettingsSnapshot } from '../../../../shared/ipc';
import type { SliceCreator } from '../slice';

export interface SettingsSlice {
  settings: SettingsSnapshot | null;
  projectFolders: ProjectFolderView[];
  /** Local ids the Export dialog is open for; null when closed. */
  exportTargets: string[] | null;
  /** A dropped model (staged in main) the Export dialog is open for; null when closed. */
  exportLocal: { stagedFileId: string; name: string } | null;
  applySettings(snapshot: SettingsSnapshot): void;
  applyProjectFolders(folders: ProjectFolderView[]): void;
  /** Opens the Export dialog for one history item or a selection (the history calls this). */
  openExport(localIds: string[]): void;
  /** Opens the Export dialog for a model dropped on the window. */
  openExportLocal(model: { stagedFileId: string; name: string }): void;
  closeExport(): void;
}

export const createSettingsSlice: SliceCreator<SettingsSlice> = (set) => ({
  settings: null,
  projectFolders: [],
  exportTargets: null,
  exportLocal: null,
  applySettings: (snapshot) => set({ settings: snapshot }),
  applyProjectFolders: (folders) => set({ projectFolders: folders }),
  openExport: (localIds) => set({ exportTargets: localIds.length > 0 ? [...localIds] : null, exportLocal: null }),
  openExportLocal: (model) => set({ exportLocal: { ...model }, exportTargets: null }),
  closeExport: () => set({ exportTargets: null, exportLocal: null }),
});

/** The active environment and key as views, if any. */
export function selectActive(state: Pick<SettingsSlice, 'settings'>) {
  const snap = state.settings;
  if (!snap?.active) return undefined;
  const environment = snap.environments.find((e) => e.id === snap.active!.environmentId);
  const key = environment?.keys.find((k) => k.id === snap.active!.keyId);
  return environment && key ? { environment, key } : undefined;
}
