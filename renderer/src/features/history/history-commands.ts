/**
 * What a history row asks of the generate feature (Retry / Generate again
 * send the form again; Make a 3D model / Make a skybox open it from an
 * image). The history names what it needs; app/ hands it generate's
 * implementation, so neither feature imports the other.
 */
import { createContext, useContext } from 'react';

export interface HistoryCommands {
  /** Sends the Generate form as it stands (after the row's settings were put back in it); false when nothing was sent. */
  submitCurrent(): Promise<boolean>;
  /** Opens the form for a model or skybox made from this job's image (the app uploads it, or reuses the upload). */
  makeFromImage(localId: string, kind: 'image-to-3d' | 'skybox-from-image'): Promise<boolean>;
}

export const HistoryCommandsContext = createContext<HistoryCommands | null>(null);

/** Null where no app wired them (a panel rendered alone in a test): the rows then offer no one-click actions. */
export function useHistoryCommands(): HistoryCommands | null {
  return useContext(HistoryCommandsContext);
}
