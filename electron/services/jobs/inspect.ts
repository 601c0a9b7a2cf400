/**
 * What the app knows about an accepted asset: glTF validator counts, model
 * statistics (via @gltf-transform with the Draco and meshopt decoders, so
 * compressed files work), image statistics and thumbnails (via sharp).
 */
import fs from 'node:fs/promises';
import { NodeIO, getBounds, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { inspect } from '@gltf-transform/functions';
import { MeshoptDecoder } from 'meshoptimizer';
import sharp from 'sharp';
import type { ImageStats, ModelStats, ValidationSummary } from '../../../shared/domain/job';

let ioPromise: Promise<NodeIO> | undefined;

function io(): Promise<NodeIO> {
  ioPromise ??= (async () => {
    // Imported by a variable name: the package ships no type declarations.
    const dracoModule = 'draco3dgltf';
    const draco = (await import(dracoModule)) as { default?: { createDecoderModule(): Promise<unknown> }; createDecoderModule?: () => Promise<unknown> };
    const factory = draco.default ?? (draco as { createDecoderModule(): Promise<unknown> });
    await MeshoptDecoder.ready;
    return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
      'draco3d.decoder': await factory.createDecoderModule(),
      'meshopt.decoder': MeshoptDecoder,
    });
  })();
  return ioPromise;
}

interface ValidatorMessage {
  code: string;
  message: string;
  severity: number;
  pointer?: string;
}
interface ValidatorReport {
  issues: { numErrors: number; numWarnings: number; numInfos: number; messages: ValidatorMessage[] };
}

const SEVERITY = ['error', 'warning', 'info', 'info'] as const;

/** Runs gltf-validator. Its errors are reported, never a reason to discard a paid asset. */
export async function validateModel(bytes: Uint8Array, firstMessages = 8): Promise<ValidationSummary> {
  const validatorModule = 'gltf-validator';
  const validator = (await import(validatorModule)) as { validateBytes(data: Uint8Array, options?: object): Promise<ValidatorReport>; default?: unknown };
  const api = (validator.default ?? validator) as { validateBytes(data: Uint8Array, options?: object): Promise<ValidatorReport> };
  const report = await api.validateBytes(bytes, { maxIssues: 500, externalResourceFunction: () => Promise.reject(new Error('external resources are not loaded')) });
  return {
    errors: report.issues.numErrors,
    warnings: report.issues.numWarnings,
    infos: report.issues.numInfos,
    messages: report.issues.messages
      .filter((m) => m.severity <= 1)
      .concat(report.issues.messages.filter((m) => m.severity > 1))
      .slice(0, firstMessages)
      .map((m) => ({ severity: SEVERITY[m.severity] ?? 'info', code: m.code, message: m.message, ...(m.pointer ? { pointer: m.pointer } : {}) })),
  };
}

export function triangleCount(doc: Document): number {
  // Instances: a mesh drawn by several nodes counts once per node.
  const uses = new Map<object, number>();
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (mesh) uses.set(mesh, (uses.get(mesh) ?? 0) + 1);
  }
  let total = 0;
  for (const mesh of doc.getRoot().listMeshes()) {
    let perMesh = 0;
    for (const prim of mesh.listPrimitives()) {
      const count = prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')?.getCount() ?? 0;
      const mode = prim.getMode();
      if (mode === 4) perMesh += Math.floor(count / 3);
      else if (mode === 5 || mode === 6) perMesh += Math.max(0, count - 2);
    }
    total += perMesh * Math.max(1, uses.get(mesh) ?? 0);
  }
  return total;
}

export async function inspectModel(bytes: Uint8Array): Promise<ModelStats> {
  const doc = await (await io()).readBinary(bytes);
  const report = inspect(doc);
  const root = doc.getRoot();
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const scene of root.listScenes()) {
    const b = getBounds(scene);
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i]!, b.min[i]!);
      max[i] = Math.max(max[i]!, b.max[i]!);
    }
  }
  const finite = min.every(Number.isFinite) && max.every(Number.isFinite);
  const lo: [number, number, number] = finite ? min : [0, 0, 0];
  const hi: [number, number, number] = finite ? max : [0, 0, 0];
  return {
    triangles: triangleCount(doc),
    vertices: report.meshes.properties.reduce((n, m) => n + m.vertices * Math.max(1, m.instances), 0),
    meshes: root.listMeshes().length,
    primitives: root.listMeshes().reduce((n, m) => n + m.listPrimitives().length, 0),
    materials: root.listMaterials().length,
    textures: report.textures.properties.map((t) => {
      const [w, h] = t.resolution.split('x').map(Number);
      return { name: t.name || t.uri, width: w ?? 0, height: h ?? 0, mimeType: t.mimeType, bytes: t.size };
    }),
    animations: report.animations.properties.map((a) => ({ name: a.name, duration: a.duration, channels: a.channels })),
    skins: root.listSkins().length,
    joints: root.listSkins().reduce((n, s) => n + s.listJoints().length, 0),
    morphTargets: root.listMeshes().reduce((n, m) => n + Math.max(0, ...m.listPrimitives().map((p) => p.listTargets().length)), 0),
    nodes: root.listNodes().length,
    boundingBox: { min: lo, max: hi, size: [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]] },
    fileBytes: bytes.byteLength,
    extensionsUsed: root.listExtensionsUsed().map((e) => e.extensionName),
    meshNames: root.listMeshes().map((m) => m.getName()),
  };
}

export async function inspectImage(file: string): Promise<ImageStats> {
  const [meta, stat] = await Promise.all([sharp(file).metadata(), fs.stat(file)]);
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? 'unknown', fileBytes: stat.size, hasAlpha: meta.hasAlpha ?? false };
}

/** A 256 px PNG beside an image asset. */
export async function writeImageThumbnail(file: string, out: string): Promise<void> {
  await sharp(file).resize(256, 256, { fit: 'inside', withoutEnlargement: true }).png().toFile(out);
}
