/**
 * Encoders for the turntable: GIF through gifenc (a palette per frame), WebM
 * and MP4 through mediabunny (WebCodecs in the window). Each takes frames from
 * one canvas, in order.
 */
import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import { BufferTarget, CanvasSource, Mp4OutputFormat, Output, QUALITY_HIGH, WebMOutputFormat, canEncodeVideo } from 'mediabunny';
import type { TurntableFormat } from '../../../../shared/domain/pictures';
import { frameTiming, gifDelayMs, pickCodec, type VideoCodec } from './turntable-plan';

export interface FrameEncoder {
  /** Takes the canvas as it is now as frame `i`. */
  add(i: number): Promise<void>;
  finish(): Promise<Uint8Array>;
  cancel(): Promise<void>;
}


/** Which of the turntable codecs this window encodes at a size (WebCodecs; Chromium without H.264 has no avc). */
export async function encodableCodecs(width: number, height: number): Promise<Set<string>> {
  const all: VideoCodec[] = ['vp9', 'vp8', 'avc'];
  const ok = await Promise.all(all.map((c) => canEncodeVideo(c, { width, height }).catch(() => false)));
  return new Set(all.filter((_, i) => ok[i]));
}

export function gifEncoder(canvas: HTMLCanvasElement, fps: number): FrameEncoder {
  const gif = GIFEncoder();
  const delay = gifDelayMs(fps);
  return {
    add: async () => {
      const { width, height } = canvas;
      const rgba = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
      const palette = quantize(rgba, 256);
      gif.writeFrame(applyPalette(rgba, palette), width, height, { palette, delay });
    },
    finish: async () => {
      gif.finish();
      return gif.bytes();
    },
    cancel: async () => {},
  };
}

export async function videoEncoder(canvas: HTMLCanvasElement, format: 'webm' | 'mp4', codec: VideoCodec, fps: number): Promise<FrameEncoder> {
  const target = new BufferTarget();
  const output = new Output({ format: format === 'webm' ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
  const source = new CanvasSource(canvas, { codec, quality: QUALITY_HIGH });
  output.addVideoTrack(source, { frameRate: fps });
  await output.start();
  return {
    add: async (i) => {
      const { timestamp, duration } = frameTiming(i, fps);
      await source.add(timestamp, duration);
    },
    finish: async () => {
      await output.finalize();
      return new Uint8Array(target.buffer!);
    },
    cancel: async () => {
      await output.cancel();
    },
  };
}

export async function turntableEncoder(canvas: HTMLCanvasElement, format: TurntableFormat, fps: number): Promise<FrameEncoder> {
  if (format === 'gif') return gifEncoder(canvas, fps);
  const codec = pickCodec(format, await encodableCodecs(canvas.width, canvas.height));
  if (!codec) throw new Error(format === 'mp4' ? 'This window cannot encode H.264, which MP4 needs here. Choose WebM or GIF.' : 'This window cannot encode VP8 or VP9 video. Choose GIF.');
  return videoEncoder(canvas, format, codec, fps);
}
