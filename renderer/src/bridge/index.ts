/**
 * The only module that reaches the host: the Electron preload's API or the
 * browser shell's client. Everything else in the renderer imports from here.
 * Placeholder surface until the foundation's bridge lands.
 */
import type { Result, StagedFile, StudioApi } from '../../../shared/ipc';

export type ShellKind = 'electron' | 'web';

export interface Bridge {
  api: StudioApi;
  shell: ShellKind;
  /** URL the renderer loads a job's asset (or its thumbnail) from; keyed by local id, never by a path. */
  /** `source`: the image file the job's request carried. */
  assetUrl(localId: string, variant: 'asset' | 'thumbnail' | 'source'): string;
  /** Stage a dropped, picked or drawn file for a request (size and type are checked by content in main). */
  stageFile(file: File | Blob, name?: string): Promise<Result<StagedFile>>;
  /**
   * A dropped or picked file's path on disk, where the shell knows it (the
   * desktop app; a browser page never does): the library imports such files
   * by path, so a .gltf is read with the files it names beside it.
   */
  pathOf?(file: File): string | null;
  /** Request headers loaders must send for asset URLs (the browser shell's token), if any. */
  assetRequestHeaders(): Record<string, string>;
}

let current: Bridge | undefined;

/** Tests and the shells install the bridge once at start-up. */
export function installBridge(bridge: Bridge): void {
  current = bridge;
}

export function bridge(): Bridge {
  if (!current) throw new Error('The host bridge is not installed.');
  return current;
}
