/**
 * Which dropped or picked files the library takes, and where a drop goes: a
 * drop on the library (or anywhere while the library is the panel shown,
 * except on the viewport or the generate panel, or with Shift held) brings
 * files into the library; any other drop keeps the window's behaviour
 * (open in the viewport or in a form).
 */
const TAKEN = /\.(glb|gltf|obj|stl|png|jpe?g|webp)$/i;
export const LIBRARY_FILE_WORDS = 'GLB, glTF, OBJ, STL, PNG, JPEG or WebP';

/** A file the system leaves in folders (passed over in silence, never reported as left out). */
export function isSystemFile(name: string): boolean {
  const base = name.split('/').pop() ?? name;
  return base.startsWith('.') || base === 'Thumbs.db' || base === 'desktop.ini';
}

/**
 * Why a .gltf cannot come in by its bytes alone: the buffers and textures it
 * names are files beside it, which a browser page cannot read by name.
 */
export const GLTF_NEEDS_PATH =
  'a glTF names files beside it, which the browser cannot reach: bring it in from the desktop app or with "asset-studio library import", or bring its GLB.';

/**
 * The files to bring in, and the ones left out with a sentence each (system
 * files are passed over in silence). `byBytes`: the files will be sent by
 * their bytes (the browser shell), so a .gltf is left out with the reason.
 */
export function sortImport<F extends { name: string }>(files: readonly F[], options: { byBytes?: boolean } = {}): { take: F[]; skipped: { name: string; reason: string }[] } {
  const take: F[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const f of files) {
    const base = f.name.split('/').pop() ?? f.name;
    if (isSystemFile(base)) continue;
    if (options.byBytes && /\.gltf$/i.test(base)) skipped.push({ name: base, reason: GLTF_NEEDS_PATH });
    else if (TAKEN.test(base)) take.push(f);
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
