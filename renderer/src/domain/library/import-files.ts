/**
 * Which dropped or picked files the library takes, and where a drop goes: a
 * drop on the library (or anywhere while the library is the panel shown,
 * except on the viewport or the generate panel, or with Shift held) brings
 * files into the library; any other drop keeps the window's behaviour
 * (open in the viewport or in a form).
 */
const TAKEN = /\.(glb|gltf|obj|stl|png|jpe?g|webp)$/i;
export const LIBRARY_FILE_WORDS = 'GLB, glTF, OBJ, STL, PNG, JPEG or WebP';

/** The files to bring in, and the ones left out with a sentence each (system files are passed over in silence). */
export function sortImport<F extends { name: string }>(files: readonly F[]): { take: F[]; skipped: { name: string; reason: string }[] } {
  const take: F[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const f of files) {
    const base = f.name.split('/').pop() ?? f.name;
    if (base.startsWith('.') || base === 'Thumbs.db' || base === 'desktop.ini') continue;
    if (TAKEN.test(base)) take.push(f);
    else skipped.push({ name: base, reason: `not a model or picture the library keeps (${LIBRARY_FILE_WORDS}).` });
  }
  return { take, skipped };
}

export interface DropPlace {
  /** The drop landed on the library's own panel. */
  onLibrary: boolean;
  /** The drop landed on the viewport or the generate panel (which have their own meaning for files). */
  onOtherPanel: boolean;
  /** The library is the right-hand panel's view and is on screen. */
  libraryShown: boolean;
  /** Shift held: to the library wherever it lands. */
  modifier: boolean;
}

export function dropGoesToLibrary(p: DropPlace): boolean {
  return p.onLibrary || p.modifier || (p.libraryShown && !p.onOtherPanel);
}
