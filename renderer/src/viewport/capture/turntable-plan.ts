/**
 * The numbers of a turntable and a still, decided once: how big the frames
 * are (even sides for video encoders, no wider than asked), the camera's turn
 * per frame (one full turn over the frame count, the last frame one step
 * before the first so the loop does not repeat a frame), and frame timing.
 */
export const TURNTABLE_FRAMES = 72;
export const TURNTABLE_FPS = 24;

export interface FrameSize {
  width: number;
  height: number;
}

/** The output size for a view of `view` pixels, scaled to at most `maxWidth` wide, both sides even and at least 16. */
export function outputSize(view: FrameSize, maxWidth: number): FrameSize {
  const scale = Math.min(1, maxWidth / Math.max(1, view.width));
  const even = (n: number) => Math.max(16, 2 * Math.round((n * scale) / 2));
  return { width: even(view.width), height: even(view.height) };
}

/** Azimuth (radians, added to the current view's) of frame `i` of `n`. */
export function frameAzimuth(i: number, n: number): number {
  return (2 * Math.PI * i) / n;
}

/** Each frame's start and length in seconds at `fps`. */
export function frameTiming(i: number, fps: number): { timestamp: number; duration: number } {
  return { timestamp: i / fps, duration: 1 / fps };
}

/** GIF frame delay in milliseconds: GIF counts in hundredths, so 24 fps is written as 40 ms (25 fps). */
export function gifDelayMs(fps: number): number {
  return Math.max(20, Math.round(100 / fps) * 10);
}

/** The largest width per format: GIFs stay small (256 colours, big files), videos can be sharper. */
export const MAX_WIDTH = { gif: 360, webm: 640, mp4: 640, png: 1920 } as const;

export type VideoCodec = 'vp9' | 'vp8' | 'avc';
/** Codecs each container is written with, best first: MP4 wants H.264 (plays everywhere); WebM takes VP9, else VP8. */
export const VIDEO_CODECS: Record<'webm' | 'mp4', readonly VideoCodec[]> = { webm: ['vp9', 'vp8'], mp4: ['avc'] };

/** The first codec of the container's list this window can encode, or undefined. */
export function pickCodec(format: 'webm' | 'mp4', encodable: ReadonlySet<string>): VideoCodec | undefined {
  return VIDEO_CODECS[format].find((c) => encodable.has(c));
}
