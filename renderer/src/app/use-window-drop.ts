/**
 * Window-wide drag-and-drop: shows a drop overlay and hands dropped files to
 * the generate feature, or to the library when they are dropped on it, while
 * it is the panel shown (except on the viewport or the generate panel), or
 * with Shift held (see dropGoesToLibrary).
 */
import { useEffect, useState } from 'react';
import { dropGoesToLibrary } from '../domain/library/import-files';
import { handleWindowDrop } from '../features/generate/window-drop';
import { droppedFiles, dropEntries } from '../features/library/dropped-files';
import { useStore } from '../state/store';

function hasFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer?.types ?? []).includes('Files');
}

export type DropMode = 'window' | 'library';

function modeOf(e: DragEvent): DropMode {
  const target = e.target instanceof Element ? e.target : null;
  const library = document.querySelector('[data-drop-target="library"]');
  const toLibrary = dropGoesToLibrary({
    onLibrary: !!target?.closest('[data-drop-target="library"]'),
    onOtherPanel: !!target?.closest('.panel-viewport, .panel-generate'),
    libraryShown: useStore.getState().sidePanel === 'library' && !!library && !library.closest('[hidden]'),
    modifier: e.shiftKey,
  });
  return toLibrary ? 'library' : 'window';
}

/** What the overlay says: false while nothing is dragged over the window. */
export function useWindowDrop(): DropMode | false {
  const [over, setOver] = useState<DropMode | false>(false);
  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setOver(modeOf(e));
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const dragOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      // Without this the browser would navigate to the dropped file.
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      const mode = modeOf(e);
      setOver((was) => (was === mode ? was : mode));
    };
    const drop = (e: DragEvent) => {
      depth = 0;
      setOver(false);
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (modeOf(e) === 'library') {
        // Folder entries exist only while the event runs: take them now, walk them after.
        const taken = dropEntries(e.dataTransfer);
        void droppedFiles(taken).then((files) => useStore.getState().importFiles(files));
        return;
      }
      void handleWindowDrop(Array.from(e.dataTransfer?.files ?? []));
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', dragOver);
    window.addEventListener('drop', drop);
    // Scripts and journeys wait for this before dropping: a drop before it would be the browser's (nothing happens).
    document.documentElement.dataset.dropReady = 'true';
    return () => {
      delete document.documentElement.dataset.dropReady;
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', dragOver);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return over;
}
