/**
 * What a journey's own screenshot shows, so a journey does not take the app's
 * word (its `data-painted` report) that something was drawn.
 */
import { expect, type Locator } from '@playwright/test';
import sharp from 'sharp';

export interface Drawn {
  /** Share (0–1) of the picture's middle half, both ways, whose colour differs from its top-left corner (the background there). */
  centre: number;
  /** The largest standard deviation of a colour channel over the whole picture (a flat or blank frame is near 0). */
  spread: number;
}

export async function measure(png: Buffer): Promise<Drawn> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const bg = [data[0]!, data[1]!, data[2]!];
  let differ = 0;
  let total = 0;
  for (let y = Math.floor(height / 4); y < Math.ceil((height * 3) / 4); y++) {
    for (let x = Math.floor(width / 4); x < Math.ceil((width * 3) / 4); x++) {
      const i = (y * width + x) * channels;
      const distance = Math.abs(data[i]! - bg[0]!) + Math.abs(data[i + 1]! - bg[1]!) + Math.abs(data[i + 2]! - bg[2]!);
      if (distance > 24) differ++;
      total++;
    }
  }
  const stats = await sharp(png).removeAlpha().stats();
  return { centre: total ? differ / total : 0, spread: Math.max(...stats.channels.map((c) => c.stdev)) };
}

/** The canvas alone: the viewport's overlays (toolbar, stats, messages) are hidden for the screenshot, so only what WebGL drew counts. */
export function canvasShot(canvas: Locator, path?: string): Promise<Buffer> {
  return canvas.screenshot({ path, style: '.viewport * { visibility: hidden !important; } .viewport canvas { visibility: visible !important; }' });
}

/** A model covers part of the middle of the canvas in the test's own screenshot (polled: a software renderer's frame comes late). */
export async function expectModelDrawn(canvas: Locator): Promise<void> {
  await expect.poll(async () => (await measure(await canvasShot(canvas))).centre, { timeout: 30_000, message: 'the screenshot shows a model in the middle of the view' }).toBeGreaterThan(0.1);
}

/** A panorama fills the canvas: the screenshot's colours vary across it, where a blank or flat frame's do not. */
export async function expectSkyDrawn(canvas: Locator): Promise<void> {
  await expect.poll(async () => (await measure(await canvasShot(canvas))).spread, { timeout: 30_000, message: 'the screenshot shows a panorama' }).toBeGreaterThan(10);
}

/** A screenshot cut into `columns` × `rows` equal cells (the compare view's side-by-side views), row by row. */
export async function cutCells(png: Buffer, columns: number, rows = 1): Promise<Buffer[]> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const cells: Buffer[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const left = Math.round((c * width) / columns);
      const top = Math.round((r * height) / rows);
      const cell = { left, top, width: Math.round(((c + 1) * width) / columns) - left, height: Math.round(((r + 1) * height) / rows) - top };
      cells.push(await sharp(png).extract(cell).png().toBuffer());
    }
  }
  return cells;
}

/** Each cell of a screenshot measured alone (see cutCells). */
export async function measureCells(png: Buffer, columns: number, rows = 1): Promise<Drawn[]> {
  return Promise.all((await cutCells(png, columns, rows)).map(measure));
}

/**
 * Every view of a side-by-side compare shows its take, in the test's own screenshot of the canvas: a model in the
 * middle of each cell, or a panorama's varied colours across each (polled, as a software renderer's frame comes late).
 */
export async function expectViewsDrawn(canvas: Locator, columns: number, what: 'model' | 'sky'): Promise<Drawn[]> {
  let cells: Drawn[] = [];
  await expect
    .poll(
      async () => {
        cells = await measureCells(await canvasShot(canvas), columns);
        return cells.map((c) => (what === 'model' ? c.centre > 0.05 : c.spread > 10));
      },
      { timeout: 30_000, message: `the screenshot shows ${what === 'model' ? 'a model' : 'a panorama'} in each of the ${columns} views` },
    )
    .toEqual(Array.from({ length: columns }, () => true));
  return cells;
}

/** A picture shrunk to 16 × 16 colours: two screenshots of different pictures give different prints, the same picture the same. */
export async function thumbprint(png: Buffer): Promise<string> {
  const data = await sharp(png).removeAlpha().resize(16, 16, { fit: 'fill' }).raw().toBuffer();
  return data.toString('base64');
}
