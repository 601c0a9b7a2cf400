/**
 * The model formats export writes, from the exported copy's document. Every
 * file's name is the chosen base name plus a suffix planned before anything
 * is written (`plannedSuffixes`), so the exporter can check each name is free
 * or ours (lineage) first.
 *
 * - glb: the copy's GLB bytes.
 * - gltf: glTF-Transform's JSON writer, with `.bin` and textures beside it.
 * - obj: the geometry as three's OBJExporter writes it (./obj-text.ts, the
 *   same text in pieces), an MTL written here, and the base-colour textures
 *   beside it (named by the MTL).
 * - stl: three's STLExporter (binary), in millimetres.
 * USDZ needs a canvas (three's USDZExporter), so it is made in the renderer; see EXPORT_FORMATS.
 */
import { listTextureSlots, unpartition } from '@gltf-transform/functions';
import { ImageUtils, type Document, type Material, type Texture } from '@gltf-transform/core';
import type { Group, MeshStandardMaterial } from 'three';
import type { ModelFormat } from '../../../shared/domain/export-formats';
import { modelIo } from './model-transform';
import { objText } from './obj-text';

export interface OutputFile {
  /** Suffix after the base name, e.g. `.gltf`, `.bin`, `_basecolor.png`. */
  suffix: string;
  bytes: Uint8Array;
}

/** File names of a texture by the first material slot that uses it (glTF's slots, in this order). */
const MAP_NAMES: [slot: string, name: string][] = [
  ['baseColorTexture', 'basecolor'],
  ['normalTexture', 'normal'],
  ['metallicRoughnessTexture', 'metalrough'],
  ['occlusionTexture', 'occlusion'],
  ['emissiveTexture', 'emissive'],
];

function mapName(texture: Texture): string {
  const slots = new Set(listTextureSlots(texture));
  return MAP_NAMES.find(([slot]) => slots.has(slot))?.[1] ?? 'texture';
}

/**
 * Textures in a stable order, each with the suffix its file gets: `_<map>.png` (`NAME_basecolor.png`,
 * `NAME_normal.png`, …; a second texture of one map `_basecolor_2.png`). glTF and OBJ name a texture
 * alike, so exporting both into one folder shares the files.
 */
function textureSuffixes(doc: Document): Map<Texture, string> {
  const out = new Map<Texture, string>();
  const taken = new Map<string, number>();
  for (const t of doc.getRoot().listTextures()) {
    const map = mapName(t);
    const n = (taken.get(map) ?? 0) + 1;
    taken.set(map, n);
    out.set(t, `_${map}${n > 1 ? `_${n}` : ''}.${ImageUtils.mimeTypeToExtension(t.getMimeType()) || 'png'}`);
  }
  return out;
}

/** Base-colour texture of each material (OBJ/MTL carry only that map). */
function objTextures(doc: Document): Map<Material, { texture: Texture; suffix: string }> {
  const suffixes = textureSuffixes(doc);
  const out = new Map<Material, { texture: Texture; suffix: string }>();
  for (const m of doc.getRoot().listMaterials()) {
    const t = m.getBaseColorTexture();
    if (t) out.set(m, { texture: t, suffix: suffixes.get(t)! });
  }
  return out;
}

export function plannedSuffixes(doc: Document, format: ModelFormat): string[] {
  switch (format) {
    case 'glb':
      return ['.glb'];
    case 'stl':
      return ['.stl'];
    case 'gltf':
      return ['.gltf', '.bin', ...textureSuffixes(doc).values()];
    case 'obj':
      return ['.obj', '.mtl', ...new Set([...objTextures(doc).values()].map((t) => t.suffix))];
    case 'usdz':
      throw new Error('USDZ is made where a canvas exists (the app window), not here.');
  }
}

/** `upAxis`: the up axis of the copy (the export option), for the formats with one of their own (STL is Z-up). */
export async function writeFormat(doc: Document, glb: Uint8Array, format: ModelFormat, base: string, upAxis: 'y' | 'z' = 'y'): Promise<OutputFile[]> {
  switch (format) {
    case 'glb':
      return [{ suffix: '.glb', bytes: glb }];
    case 'gltf':
      return writeGltf(doc, base);
    case 'obj':
      return writeObj(doc, base);
    case 'stl':
      return [{ suffix: '.stl', bytes: await writeStl(doc, upAxis) }];
    case 'usdz':
      throw new Error('USDZ is made where a canvas exists (the app window), not here.');
  }
}

async function writeGltf(doc: Document, base: string): Promise<OutputFile[]> {
  const suffixes = textureSuffixes(doc);
  for (const [t, suffix] of suffixes) t.setURI(`${base}${suffix}`);
  // One buffer, with the planned `.bin` name (the JSON writer would otherwise invent names).
  await doc.transform(unpartition());
  doc.getRoot().listBuffers()[0]?.setURI(`${base}.bin`);
  const draco = doc.getRoot().listExtensionsUsed().some((e) => e.extensionName === 'KHR_draco_mesh_compression');
  const { json, resources } = await (await modelIo(draco)).writeJSON(doc, { basename: base });
  const files: OutputFile[] = [{ suffix: '.gltf', bytes: Buffer.from(JSON.stringify(json, null, 1), 'utf8') }];
  for (const [uri, bytes] of Object.entries(resources)) {
    if (!uri.startsWith(base)) throw new Error(`Unexpected resource name ${uri}`);
    files.push({ suffix: uri.slice(base.length), bytes });
  }
  return files;
}

/**
 * three.js and its exporters, loaded as ES modules when an OBJ or STL is
 * written. Imported at the top of this file, the CLI (whose sources load as
 * CommonJS) required three's CommonJS build, which prints a deprecation
 * warning on stderr: on every command, since `help` loads every command.
 */
export async function loadThree() {
  const [three, { STLExporter }] = await Promise.all([import('three'), import('three/examples/jsm/exporters/STLExporter.js')]);
  return { three, STLExporter };
}
type Three = Awaited<ReturnType<typeof loadThree>>;

/** three.js meshes in world space for the geometry exporters; `flipV` turns glTF UVs into OBJ's. */
export function toThree({ three }: Three, doc: Document, flipV: boolean): Group {
  const { BufferAttribute, BufferGeometry, Group, Matrix4, Mesh, MeshStandardMaterial } = three;
  const group = new Group();
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  const materials = new Map<Material, MeshStandardMaterial>();
  doc.getRoot().listMaterials().forEach((m, i) => materials.set(m, new MeshStandardMaterial({ name: mtlName(m, i) })));
  scene?.traverse((node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    const world = new Matrix4().fromArray(node.getWorldMatrix());
    mesh.listPrimitives().forEach((prim, p) => {
      if (prim.getMode() !== 4) return;
      const geometry = new BufferGeometry();
      const position = prim.getAttribute('POSITION');
      if (!position) return;
      geometry.setAttribute('position', new BufferAttribute(floats(position), 3));
      const normal = prim.getAttribute('NORMAL');
      if (normal) geometry.setAttribute('normal', new BufferAttribute(floats(normal), 3));
      const uv = prim.getAttribute('TEXCOORD_0');
      if (uv) {
        const a = floats(uv);
        if (flipV) for (let i = 1; i < a.length; i += 2) a[i] = 1 - a[i]!;
        geometry.setAttribute('uv', new BufferAttribute(a, 2));
      }
      const indices = prim.getIndices()?.getArray();
      // A typed copy: a plain array of a 500k-triangle model's 1.5M indices is 12 MB more of the thread's heap.
      if (indices) geometry.setIndex(new BufferAttribute(Uint32Array.from(indices), 1));
      const material = prim.getMaterial();
      const out = new Mesh(geometry, material ? materials.get(material) : undefined);
      out.name = `${node.getName() || mesh.getName() || 'mesh'}${p ? `_${p}` : ''}`.replace(/\s+/g, '_');
      out.matrixAutoUpdate = false;
      out.matrix.copy(world);
      group.add(out);
    });
  });
  group.updateMatrixWorld(true);
  return group;
}

/** Element values as floats, normalised integers (quantized files) included. */
function floats(accessor: { getCount(): number; getElementSize(): number; getElement(i: number, target: number[]): number[] }): Float32Array {
  const size = accessor.getElementSize();
  const out = new Float32Array(accessor.getCount() * size);
  const el: number[] = [];
  for (let i = 0; i < accessor.getCount(); i++) {
    accessor.getElement(i, el);
    for (let k = 0; k < size; k++) out[i * size + k] = el[k]!;
  }
  return out;
}

function mtlName(m: Material, i: number): string {
  return `${(m.getName() || 'material').replace(/[^A-Za-z0-9_-]+/g, '_')}_${i + 1}`;
}

async function writeObj(doc: Document, base: string): Promise<OutputFile[]> {
  const t = await loadThree();
  const group = toThree(t, doc, true);
  const obj = objText(t.three, group, `# Asset Studio\nmtllib ${base}.mtl\n`);
  const textures = objTextures(doc);
  const lines = ['# Asset Studio'];
  doc
    .getRoot()
    .listMaterials()
    .forEach((m, i) => {
      const [r, g, b, a] = m.getBaseColorFactor();
      lines.push('', `newmtl ${mtlName(m, i)}`, `Kd ${r} ${g} ${b}`, 'Ka 0 0 0', 'Ks 0 0 0', `d ${a}`, 'illum 1');
      const tex = textures.get(m);
      if (tex) lines.push(`map_Kd ${base}${tex.suffix}`);
    });
  const files: OutputFile[] = [
    { suffix: '.obj', bytes: obj },
    { suffix: '.mtl', bytes: Buffer.from(`${lines.join('\n')}\n`, 'utf8') },
  ];
  const seen = new Set<string>();
  for (const { texture, suffix } of textures.values()) {
    if (seen.has(suffix)) continue;
    seen.add(suffix);
    files.push({ suffix, bytes: texture.getImage()! });
  }
  return files;
}

/**
 * STL has no unit; 3D printing tools read millimetres, so metres are multiplied by 1000.
 * STL is Z-up (slicers, Blender): a Y-up copy turns +90° about X, a right-handed
 * rotation taking glTF's +Y to +Z, so a model standing on its base still stands.
 * A copy the export options already turned Z-up is left as it is.
 */
async function writeStl(doc: Document, upAxis: 'y' | 'z'): Promise<Uint8Array> {
  const t = await loadThree();
  const group = toThree(t, doc, false);
  group.scale.setScalar(1000);
  if (upAxis === 'y') group.rotation.x = Math.PI / 2;
  group.updateMatrixWorld(true);
  for (const child of group.children) {
    child.matrixWorld.multiplyMatrices(group.matrixWorld, child.matrix);
  }
  const view = new t.STLExporter().parse(group, { binary: true }) as unknown as DataView;
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}
