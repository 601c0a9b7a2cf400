import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CUBE_AXIS_DIRECTION, ENGINE_SKIES, SKY_ENGINES, directionToFace, type CubeAxis, type SkyEngine } from '../../../shared/domain/cube-faces';
import { godotSkyResource, resPath } from './godot-sky';
import { cubeFaces, decodePanorama, type Raster } from './skybox-faces';

/** A smooth panorama (colour follows the direction on the sphere), w × w/2. */
async function smoothPanorama(width: number): Promise<Uint8Array> {
  const height = width / 2;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const lat = ((y + 0.5) / height) * Math.PI;
    for (let x = 0; x < width; x++) {
      const lon = ((x + 0.5) / width) * 2 * Math.PI;
      const i = (y * width + x) * 3;
      data[i] = Math.round(128 + 100 * Math.cos(lon) * Math.sin(lat));
      data[i + 1] = Math.round(128 + 100 * Math.cos(lat));
      data[i + 2] = Math.round(128 + 100 * Math.sin(lon) * Math.sin(lat));
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

function pixel(r: Raster, col: number, row: number): number[] {
  const i = (row * r.width + col) * r.channels;
  return [...r.data.subarray(i, i + 3)];
}

/**
 * Largest colour step across any face edge: each edge pixel against the pixel
 * one step beyond the edge, found on the neighbouring face by direction.
 */
function worstSeam(faces: Map<CubeAxis, Raster>, size: number): number {
  let worst = 0;
  for (const [axis, face] of faces) {
    for (let k = 0; k < size; k++) {
      const t = ((k + 0.5) / size) * 2 - 1;
      const edges: [number, number, number, number][] = [
        [k, 0, t, -1], // top row: (a, b) = (t, -1 + half a pixel)
        [k, size - 1, t, 1],
        [0, k, -1, t],
        [size - 1, k, 1, t],
      ];
      for (const [col, row, a, b] of edges) {
        const step = 2 / size;
        const beyond = CUBE_AXIS_DIRECTION[axis](a === -1 ? -1 - step / 2 : a === 1 ? 1 + step / 2 : a, b === -1 ? -1 - step / 2 : b === 1 ? 1 + step / 2 : b);
        const hit = directionToFace(beyond);
        const other = faces.get(hit.axis)!;
        const oc = Math.min(size - 1, Math.max(0, Math.floor(((hit.a + 1) / 2) * size)));
        const or = Math.min(size - 1, Math.max(0, Math.floor(((hit.b + 1) / 2) * size)));
        const p = pixel(face, col, row);
        const q = pixel(other, oc, or);
        worst = Math.max(worst, ...p.map((v, i) => Math.abs(v - q[i]!)));
      }
    }
  }
  return worst;
}

async function facesByAxis(engine: SkyEngine, png: Uint8Array, size: number): Promise<Map<CubeAxis, Raster>> {
  const files = await cubeFaces(png, engine, size);
  const out = new Map<CubeAxis, Raster>();
  for (const [i, f] of files.entries()) out.set(ENGINE_SKIES[engine].faces[i]!.axis, await decodePanorama(f.bytes));
  return out;
}

describe('cube faces from a panorama', () => {
  it.each(SKY_ENGINES)('%s: six square PNGs a quarter of the panorama wide, named in the engine’s order', async (engine) => {
    const files = await cubeFaces(await smoothPanorama(512), engine);
    expect(files.map((f) => f.suffix)).toEqual(ENGINE_SKIES[engine].faces.map((f) => `${f.suffix}.png`));
    for (const f of files) {
      const meta = await sharp(f.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 128, 128]);
    }
  });

  it.each(SKY_ENGINES)('%s: no seam: colours meet across every face edge', async (engine) => {
    const faces = await facesByAxis(engine, await smoothPanorama(512), 64);
    // One pixel on a 64 px face spans about 1.4°; the panorama's colours change at most ~2.5 levels per degree.
    const worst = worstSeam(faces, 64);
    expect(worst).toBeLessThanOrEqual(6);
  });

  it('the seam check fails on faces put in the wrong place (so it can fail)', async () => {
    const faces = await facesByAxis('unity', await smoothPanorama(512), 64);
    const px = faces.get('px')!;
    faces.set('px', faces.get('nx')!);
    faces.set('nx', px);
    expect(worstSeam(faces, 64)).toBeGreaterThan(40);
  });

  it('a face pixel has the colour of the panorama where it looks (Unity Front centre is u = 0.25)', async () => {
    const png = await smoothPanorama(512);
    const pano = await decodePanorama(png);
    const front = (await facesByAxis('unity', png, 64)).get('pz')!;
    const centre = pixel(front, 32, 32);
    const expected = pixel(pano, 128, 128);
    centre.forEach((v, i) => expect(Math.abs(v - expected[i]!)).toBeLessThanOrEqual(3));
  });
});

/** Godot's text resource format: `[section attr=value ...]` headers and `key = value` lines. */
function parseTres(text: string) {
  const sections: { tag: string; attrs: Record<string, string>; props: Record<string, string> }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const header = /^\[(\w+)((?:\s+\w+=(?:"(?:[^"\\]|\\.)*"|[\w.]+))*)\]$/.exec(line);
    if (header) {
      const attrs: Record<string, string> = {};
      for (const m of header[2]!.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|[\w.]+)/g)) attrs[m[1]!] = m[2]!.startsWith('"') ? JSON.parse(m[2]!) : m[2]!;
      sections.push({ tag: header[1]!, attrs, props: {} });
      continue;
    }
    const prop = /^(\w+) = (.+)$/.exec(line);
    if (!prop || !sections.length) throw new Error(`not a resource line: ${line}`);
    sections.at(-1)!.props[prop[1]!] = prop[2]!;
  }
  return sections;
}

describe('the Godot sky resource', () => {
  it('parses as a text resource: header, the PNG as ext_resource, every reference resolves', () => {
    const sections = parseTres(godotSkyResource('assets/generated/sunset_abc.png'));
    const [head, ...rest] = sections;
    expect(head).toMatchObject({ tag: 'gd_resource', attrs: { type: 'Environment', format: '3' } });
    expect(Number(head!.attrs.load_steps)).toBe(rest.filter((s) => s.tag !== 'resource').length + 1);
    const ext = rest.filter((s) => s.tag === 'ext_resource');
    expect(ext).toEqual([{ tag: 'ext_resource', attrs: { type: 'Texture2D', path: 'res://assets/generated/sunset_abc.png', id: '1_panorama' }, props: {} }]);
    const ids = new Map(rest.filter((s) => s.attrs.id).map((s) => [`${s.tag === 'ext_resource' ? 'ExtResource' : 'SubResource'}("${s.attrs.id}")`, s.attrs.type]));
    const types = (value: string) => ids.get(value);
    const material = rest.find((s) => s.attrs.type === 'PanoramaSkyMaterial')!;
    expect(types(material.props.panorama!)).toBe('Texture2D');
    const sky = rest.find((s) => s.attrs.type === 'Sky')!;
    expect(types(sky.props.sky_material!)).toBe('PanoramaSkyMaterial');
    const resource = rest.find((s) => s.tag === 'resource')!;
    expect(resource.props.background_mode).toBe('2'); // Environment.BG_SKY
    expect(types(resource.props.sky!)).toBe('Sky');
  });

  it.each([
    ['sky.png', 'res://sky.png'],
    ['assets/generated/a b.png', 'res://assets/generated/a b.png'],
  ])('%s is %s', (rel, res) => expect(resPath(rel)).toBe(res));

  it('escapes quotes in the path', () => {
    const [, ext] = parseTres(godotSkyResource('skies/say "hi".png'));
    expect(ext!.attrs.path).toBe('res://skies/say "hi".png');
  });
});
