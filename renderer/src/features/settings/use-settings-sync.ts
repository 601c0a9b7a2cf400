/**
 * Loads the settings snapshot and project folders once and keeps them fresh
 * from push events. Mounted by the top-bar switcher, which is always there.
 */
import { useEffect } from 'react';
import { bridge } from '../../bridge';
import { useStore } from '../../state/store';

export function useSettingsSync(): void {
  useEffect(() => {
    let api: ReturnType<typeof bridge>['api'];
    try {
      api = bridge().api;
    } catch {
      return; // No host (an isolated component test): nothing to sync with.
    }
    const { applySettings, applyProjectFolders } = useStore.getState();
    let live = true;
    void api.settings.get({}).then((r) => {
      if (live && r.ok) applySettings(r.value);
    });
    void api.export.listFolders({}).then((r) => {
      if (live && r.ok) applyProjectFolders(r.value);
    });
    const offSettings = api.settings.onChanged((snapshot) => applySettings(snapshot));
    const offFolders = api.export.onFoldersChanged((folders) => applyProjectFolders(folders));
    return () => {
      live = false;
      offSettings();
      offFolders();
    };
  }, []);
}
