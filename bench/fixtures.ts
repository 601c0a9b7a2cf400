/**
 * Benchmark models made with the sandbox's own generator: about 10k, 100k and
 * 500k triangles with 1k, 2k and 4k textures, and the 500k model meshopt- and
 * Draco-compressed with @gltf-transform. Cached under .tmp/bench-models.
 */
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { draco, meshopt } from '@gltf-transform/functions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { modelDocument, toGlb } from '../sandbox/generate/gltf';
import { buildMesh, triangleCount } from '../sandbox/generate/mesh-builder';
import { shapeParts } from '../sandbox/generate/shapes';
import { atlasTexture } from '../sandbox/generate/textures';
import { REPO_ROOT } from '../testkit/harness/server';

interface Draco3d {
  createDecoderModule(): Promise<unknown>;
  createEncoderModule(): Promise<unknown>;
}

export interface BenchModel {
  id: string;
  label: string;
  file: string;
  triangles: number;
  bytes: number;
}

const DIR = path.join(REPO_ROOT, '.tmp', 'bench-models');

export async function benchModels(): Promise<BenchModel[]> {
  mkdirSync(DIR, { recursive: true });
  const specs = [
    { id: 'm10k', label: '10k tris, 1k tex', triangles: 10_000, texture: 1024 },
    { id: 'm100k', label: '100k tris, 2k tex', triangles: 100_000, texture: 2048 },
    { id: 'm500k', label: '500k tris, 4k tex', triangles: 500_000, texture: 4096 },
  ];
  // draco3dgltf ships no type declarations, so it is imported by a variable name.
  const dracoName = 'draco3dgltf';
  const dracoMod = (await import(dracoName)) as { default?: Draco3d } & Partial<Draco3d>;
  const draco3d = (dracoMod.default ?? dracoMod) as Draco3d;
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    'draco3d.decoder': await draco3d.createDecoderModule(),
    'draco3d.encoder': await draco3d.createEncoderModule(),
    'meshopt.decoder': MeshoptDecoder,
    'meshopt.encoder': MeshoptEncoder,
  });
  await MeshoptEncoder.ready;
  const out: BenchModel[] = [];
  let tris500 = 0;
  for (const spec of specs) {
    const file = path.join(DIR, `${spec.id}.glb`);
    const built = buildMesh(shapeParts('rocket', `a blue and gold rocket ${spec.id}`), spec.triangles);
    const triangles = triangleCount(built);
    if (spec.id === 'm500k') tris500 = triangles;
    if (!existsSync(file)) {
      const png = await atlasTexture(spec.texture, [
        [40, 90, 200],
        [220, 180, 60],
        [240, 240, 240],
      ]);
      writeFileSync(file, await toGlb(modelDocument(built, { name: spec.id, texturePng: png })));
    }
    out.push({ id: spec.id, label: spec.label, file, triangles, bytes: 0 });
  }
  const source = path.join(DIR, 'm500k.glb');
  for (const [id, label, transform] of [
    ['m500k-meshopt', '500k, meshopt', meshopt({ encoder: MeshoptEncoder, level: 'medium' })],
    ['m500k-draco', '500k, Draco', draco({ method: 'edgebreaker' })],
  ] as const) {
    const file = path.join(DIR, `${id}.glb`);
    if (!existsSync(file)) {
      const doc = await io.read(source);
      await doc.transform(transform);
      writeFileSync(file, await io.writeBinary(doc));
    }
    out.push({ id, label, file, triangles: tris500, bytes: 0 });
  }
  const { statSync } = await import('node:fs');
  for (const m of out) m.bytes = statSync(m.file).size;
  return out;
}
