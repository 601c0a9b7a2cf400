/** Turning built meshes into glTF documents and GLB bytes with @gltf-transform/core. */
import { Document, Logger, NodeIO, type Material, type Mesh, type Node } from '@gltf-transform/core';
import type { BuiltMesh } from './mesh-builder';

export const io = new NodeIO();
const quiet = new Logger(Logger.Verbosity.ERROR);

export interface MeshOptions {
  name: string;
  /** PNG bytes of the base colour texture; none gives a geometry-only model (no material). */
  texturePng?: Buffer | null;
  /** Written to the mesh's extras so later tools (split, rig) know the parts. */
  extras?: Record<string, unknown>;
}

export function newDocument(): Document {
  const doc = new Document().setLogger(quiet);
  doc.createBuffer('main');
  doc.getRoot().getAsset().generator = 'Asset Studio sandbox';
  return doc;
}

export function texturedMaterial(doc: Document, png: Buffer, name = 'surface'): Material {
  const texture = doc.createTexture(`${name}-texture`).setImage(new Uint8Array(png)).setMimeType('image/png');
  return doc.createMaterial(name).setBaseColorTexture(texture).setRoughnessFactor(0.8).setMetallicFactor(0);
}

/** Adds a mesh made from a slice of a built mesh (all of it by default) and returns its node. */
export function addMesh(
  doc: Document,
  built: BuiltMesh,
  name: string,
  material: Material | null,
  range?: { vertexStart: number; vertexCount: number; indexStart: number; indexCount: number },
  extras?: Record<string, unknown>,
): { node: Node; mesh: Mesh } {
  const buffer = doc.getRoot().listBuffers()[0]!;
  const r = range ?? { vertexStart: 0, vertexCount: built.positions.length / 3, indexStart: 0, indexCount: built.indices.length };
  const positions = built.positions.slice(r.vertexStart * 3, (r.vertexStart + r.vertexCount) * 3);
  const normals = built.normals.slice(r.vertexStart * 3, (r.vertexStart + r.vertexCount) * 3);
  const uvs = built.uvs.slice(r.vertexStart * 2, (r.vertexStart + r.vertexCount) * 2);
  const source = built.indices.subarray(r.indexStart, r.indexStart + r.indexCount);
  const indices = r.vertexCount > 65535 ? new Uint32Array(source.length) : new Uint16Array(source.length);
  for (let i = 0; i < source.length; i++) indices[i] = source[i]! - r.vertexStart;
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
    .setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(normals).setBuffer(buffer))
    .setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(uvs).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer));
  if (material) prim.setMaterial(material);
  const mesh = doc.createMesh(name).addPrimitive(prim);
  if (extras) mesh.setExtras(extras);
  const node = doc.createNode(name).setMesh(mesh);
  return { node, mesh };
}

/** A one-mesh model in a scene. */
export function modelDocument(built: BuiltMesh, options: MeshOptions): Document {
  const doc = newDocument();
  const material = options.texturePng ? texturedMaterial(doc, options.texturePng) : null;
  const { node } = addMesh(doc, built, options.name, material, undefined, {
    ...options.extras,
    parts: built.parts.map(({ name, vertexStart, vertexCount, indexStart, indexCount }) => ({ name, vertexStart, vertexCount, indexStart, indexCount })),
  });
  doc.createScene('scene').addChild(node);
  return doc;
}

export async function toGlb(doc: Document): Promise<Buffer> {
  return Buffer.from(await io.writeBinary(doc));
}

export async function fromGlb(bytes: Uint8Array): Promise<Document> {
  return (await io.readBinary(bytes)).setLogger(quiet);
}
