/**
 * Pictures to share: a turntable (a 360° turn of the model) and a still (the
 * current view). The renderer draws and encodes them; main writes them beside
 * the export through `export:savePicture`. The names and what each kind may be.
 */
export const PICTURE_KINDS = ['turntable', 'still'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];
export const PICTURE_FORMATS = ['webm', 'mp4', 'gif', 'png'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

export const TURNTABLE_FORMATS = ['webm', 'mp4', 'gif'] as const satisfies readonly PictureFormat[];
export type TurntableFormat = (typeof TURNTABLE_FORMATS)[number];

export const PICTURE_FORMAT_INFO: Record<PictureFormat, { label: string; mime: string; hint: string }> = {
  webm: { label: 'WebM video', mime: 'video/webm', hint: 'Small and sharp; plays in browsers, Discord and most chat apps.' },
  mp4: { label: 'MP4 video', mime: 'video/mp4', hint: 'Plays everywhere, including social sites and slides.' },
  gif: { label: 'Animated GIF', mime: 'image/gif', hint: 'Plays in any page or tracker, at 256 colours.' },
  png: { label: 'PNG image', mime: 'image/png', hint: '' },
};

/** Which formats each kind is written in. */
export function pictureAllowed(kind: PictureKind, format: PictureFormat): boolean {
  return kind === 'still' ? format === 'png' : (TURNTABLE_FORMATS as readonly string[]).includes(format);
}

/** The file name suffix after the export's base name: `chair_turntable.webm`, `chair_still.png`. */
export function pictureSuffix(kind: PictureKind, format: PictureFormat): string {
  return `_${kind}.${format}`;
}

/** Largest picture saved through IPC: it travels as base64 in JSON (the browser shell takes 4 MB bodies). */
export const MAX_PICTURE_BYTES = 2_900_000;

/** What the bytes are, by their signature (main checks it matches the format asked for). */
export function sniffPicture(bytes: Uint8Array): PictureFormat | undefined {
  const at = (i: number, sig: number[]) => sig.every((b, k) => bytes[i + k] === b);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (at(0, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x39 || bytes[4] === 0x37) && bytes[5] === 0x61) return 'gif';
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (at(4, [0x66, 0x74, 0x79, 0x70])) return 'mp4';
  return undefined;
}
