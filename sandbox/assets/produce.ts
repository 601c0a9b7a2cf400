/**
 * What each endpoint's job publishes: the generators put together per kind.
 * Source jobs are read through `ctx` (their published asset, or the
 * uploaded image of an image-upload job).
 */
import { prune } from '@gltf-transform/functions';
import type { Document, Node } from '@gltf-transform/core';
import { assetFormatOfKind, type AssetFormat } from '../../shared/api';
import type { StoredJob } from '../core/job-timeline';
import { nodeFromTriangles, triangleComponents } from './components';
import { addClip, copyAnimations, motionForPrompt } from '../generate/animation';
import { fromGlb, modelDocument, newDocument, texturedMaterial, toGlb } from '../generate/gltf';
import { buildMesh, type BuiltMesh } from '../generate/mesh-builder';
import { editImage, sketchToImage, spritesheet, textToImage } from '../generate/images';
import { titleFrom, promptColours } from '../generate/prompt-words';
import { addSkeleton, findJoints, rigDocument } from '../generate/rig';
import { shapeForPrompt, shapeParts, targetTriangles } from '../generate/shapes';
import { editSkybox, skybox, SKYBOX_WIDTH } from '../generate/skybox';
import { atlasTexture, averageColour, imageTexture, texturePixels, viewsTexture } from '../generate/textures';
import { varyColour, variationFor, varyParts, varyTriangles, type Variation } from '../generate/variation';

export interface ProduceContext {
  job: StoredJob;
  /** Path of an uploaded file of this job, by field name. */
  upload(field: string): string | undefined;
  /** The bytes a source job stands for: its published asset, or the uploaded image of an image upload. */
  source(jobId: string): Promise<Buffer>;
}

export interface ProducedAsset {
  format: AssetFormat;
  bytes: Buffer;
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

async function textModel(prompt: string, params: Record<string, unknown>, tPose: boolean, v: Variation): Promise<Buffer> {
  const shape = shapeForPrompt(prompt, tPose);
  // A humanoid's parts sit on the skeleton the rig builds from humanoid.ts's joints, and its T-pose must stay a T:
  // its takes differ in surface, colour and triangle count, not in proportions or part sizes.
  const shapeVariation: Variation = shape === 'humanoid' ? { ...v, proportions: [1, 1, 1], partScale: [] } : v;
  const parts = varyParts(shapeParts(shape, prompt, { tPose }), shapeVariation);
  const built = buildMesh(parts, varyTriangles(targetTriangles(params.targetFaceCount), v));
  const size = texturePixels(params.textureResolution);
  const png = size ? await atlasTexture(size, built.parts.map((p) => p.colour), v.patternSeed) : null;
  const doc = modelDocument(built, { name: shape, texturePng: png, extras: { shape, tPose, topology: params.topology ?? 'auto' } });
  return toGlb(doc);
}

/** A rounded relief of the picture: the image-based endpoints' model. */
async function imageModel(images: (Buffer | string)[], target: number, size: number | null, pbrViews: boolean, v: Variation): Promise<Buffer> {
  const built: BuiltMesh = buildMesh(
    varyParts([{ kind: 'superquadric', name: 'subject', colour: [200, 200, 200], center: [0, 0.6, 0], radii: [0.45, 0.6, 0.3], e: 0.6, f: 0.6, weight: 1 }], v),
    varyTriangles(target, v),
    'projection',
  );
  let png: Buffer | null = null;
  if (size && images.length) png = pbrViews ? await viewsTexture(images, size) : await imageTexture(images[0]!, size);
  return toGlb(modelDocument(built, { name: 'subject', texturePng: png, extras: { shape: 'image-relief' } }));
}

function meshExtras(doc: Document): Record<string, unknown> {
  for (const mesh of doc.getRoot().listMeshes()) {
    const extras = mesh.getExtras() as Record<string, unknown>;
    if (extras && (extras.shape || extras.parts)) return extras;
  }
  return {};
}

async function retexture(source: Buffer, prompt: string, resolution: unknown, v: Variation): Promise<Buffer> {
  const doc = await fromGlb(source);
  const size = texturePixels(resolution);
  const parts = (meshExtras(doc).parts as unknown[] | undefined)?.length ?? 1;
  const colours = promptColours(prompt);
  const bands = Array.from({ length: parts }, (_, i) => varyColour(colours[i % colours.length]!, v));
  const material = size ? texturedMaterial(doc, await atlasTexture(size, bands, prompt.length + v.patternSeed), 'retextured') : null;
  for (const mesh of doc.getRoot().listMeshes()) for (const prim of mesh.listPrimitives()) prim.setMaterial(material);
  await doc.transform(prune());
  return toGlb(doc);
}

/** Copies a vertex/index range of a primitive into a new mesh (split-to-parts). */
function copyRange(doc: Document, srcNode: Node, range: { vertexStart: number; vertexCount: number; indexStart: number; indexCount: number }, name: string): Node {
  const prim = srcNode.getMesh()!.listPrimitives()[0]!;
  const buffer = doc.getRoot().listBuffers()[0]!;
  const out = doc.createPrimitive().setMaterial(prim.getMaterial());
  for (const semantic of prim.listSemantics()) {
    const acc = prim.getAttribute(semantic)!;
    const size = acc.getElementSize();
    const arr = acc.getArray()!;
    out.setAttribute(semantic, doc.createAccessor().setType(acc.getType()).setArray(arr.slice(range.vertexStart * size, (range.vertexStart + range.vertexCount) * size)).setBuffer(buffer));
  }
  const src = prim.getIndices()?.getArray();
  const indices = range.vertexCount > 65535 ? new Uint32Array(range.indexCount) : new Uint16Array(range.indexCount);
  for (let i = 0; i < range.indexCount; i++) indices[i] = (src ? src[range.indexStart + i]! : range.indexStart + i) - range.vertexStart;
  out.setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer));
  return doc.createNode(name).setMesh(doc.createMesh(name).addPrimitive(out));
}

async function splitToParts(source: Buffer): Promise<Buffer> {
  const doc = await fromGlb(source);
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0]!;
  let n = 0;
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const parts = (mesh.getExtras() as { parts?: { name: string; vertexStart: number; vertexCount: number; indexStart: number; indexCount: number }[] }).parts;
    const prims = mesh.listPrimitives();
    if (parts?.length && prims.length === 1) {
      for (const part of parts) scene.addChild(copyRange(doc, node, part, `part-${++n}-${part.name}`));
      node.setMesh(null);
      node.dispose();
    } else if (prims.length === 1 && prims[0]!.getIndices()) {
      // No part list: split into connected pieces (largest first).
      const prim = prims[0]!;
      const groups = triangleComponents(prim.getIndices()!.getArray()!, prim.getAttribute('POSITION')!.getCount());
      for (const tris of groups.slice(0, 64)) {
        scene.addChild(nodeFromTriangles(doc, prim, tris, `part-${++n}-${mesh.getName() || 'piece'}`).setMatrix(node.getWorldMatrix()));
      }
      node.setMesh(null);
      node.dispose();
    } else {
      for (const prim of prims) {
        const name = `part-${++n}-${mesh.getName() || 'body'}`;
        // Keep where the part sat in the source (uploaded models may place meshes with node transforms).
        scene.addChild(doc.createNode(name).setMatrix(node.getWorldMatrix()).setMesh(doc.createMesh(name).addPrimitive(prim)));
      }
      node.setMesh(null);
      node.dispose();
    }
  }
  await doc.transform(prune());
  return toGlb(doc);
}

async function withRigged(source: Buffer, fn: (doc: Document, joints: Map<string, Node>) => void): Promise<Buffer> {
  const doc = await fromGlb(source);
  let joints = findJoints(doc);
  if (!joints.has('hips')) joints = rigDocument(doc).byName;
  fn(doc, joints);
  return toGlb(doc);
}

/** Produces the asset a job publishes, or null for jobs that publish none (image upload). */
export async function produceAsset(ctx: ProduceContext): Promise<ProducedAsset | null> {
  const { job } = ctx;
  const p = job.genParams;
  const format = assetFormatOfKind(job.kind);
  if (!format) return null;
  const done = (bytes: Buffer): ProducedAsset => ({ format, bytes });
  const prompt = str(p.prompt);
  // Each job its own take: two jobs of one request differ as real takes do.
  const v = variationFor(job.id);
  switch (job.kind) {
    case 'text-to-3d':
      return done(await textModel(prompt, p, p.tPose === true, v));
    case 'text-to-solidbox':
      return done(await textModel(prompt, { ...p, textureResolution: 'auto' }, false, v));
    case 'create-solid-box': {
      const src = await ctx.source(str(p.jobId));
      const isPng = src.subarray(1, 4).toString('latin1') === 'PNG';
      const built = buildMesh(shapeParts('crate', 'solid box'), 2000, isPng ? 'projection' : 'atlas');
      const png = isPng ? await imageTexture(src, 1024) : await atlasTexture(1024, built.parts.map((x) => x.colour));
      return done(await toGlb(modelDocument(built, { name: 'solid-box', texturePng: png, extras: { shape: 'crate' } })));
    }
    case 'image-to-3d': {
      const image = ctx.upload('file') ?? (await ctx.source(str(p.imageJobId)));
      return done(await imageModel([image], targetTriangles(p.targetFaceCount), texturePixels(p.textureResolution), false, v));
    }
    case 'multi-image-to-3d': {
      const views = ['frontImage', 'leftImage', 'backImage', 'rightImage'].map((f) => ctx.upload(f)).filter((x): x is string => !!x);
      const textured = p.EnablePBR === 'true';
      return done(await imageModel(views, targetTriangles(p.FaceCount), textured ? 1024 : null, true, v));
    }
    case 'upload-3d': {
      const file = ctx.upload('file');
      const uploaded = job.uploads.file;
      if (file && uploaded?.format === 'glb') {
        const fs = await import('node:fs/promises');
        const bytes = await fs.readFile(file);
        // Accept the model only if it reads as glTF; otherwise publish a stand-in.
        try {
          await fromGlb(bytes);
          return done(bytes);
        } catch {
          /* falls through to the stand-in */
        }
      }
      const built = buildMesh(shapeParts('crate', 'grey'), 2000);
      return done(await toGlb(modelDocument(built, { name: `uploaded-${uploaded?.format ?? 'model'}`, texturePng: await atlasTexture(256, built.parts.map((x) => x.colour)), extras: { shape: 'crate' } })));
    }
    case 'retexture':
      return done(await retexture(await ctx.source(str(p.jobId)), prompt, p.textureResolution, v));
    case 'split-to-parts':
      return done(await splitToParts(await ctx.source(str(p.jobId))));
    case 'auto-rig': {
      const doc = await fromGlb(await ctx.source(str(p.jobId)));
      const extras = meshExtras(doc);
      rigDocument(doc, { tPose: !(extras.shape === 'humanoid' && extras.tPose === false) });
      return done(await toGlb(doc));
    }
    case 'animate':
      return done(await withRigged(await ctx.source(str(p.jobId)), (doc, joints) => addClip(doc, joints, titleFrom(prompt, 'motion'), motionForPrompt(prompt))));
    case 'animate-video': {
      const name = job.uploads.file ? 'video-motion' : 'motion';
      return done(await withRigged(await ctx.source(str(p.jobId)), (doc, joints) => addClip(doc, joints, name, 'walk')));
    }
    case 'retarget': {
      const preset = str(p.retargetId, 'walk') as Parameters<typeof addClip>[3];
      return done(await withRigged(await ctx.source(str(p.jobId)), (doc, joints) => addClip(doc, joints, preset, preset, { inPlace: p.inPlace === true })));
    }
    case 'motion-only': {
      const doc = newDocument();
      doc.createScene('scene');
      const skeleton = addSkeleton(doc, 0, null);
      addClip(doc, skeleton.byName, titleFrom(prompt, 'motion'), motionForPrompt(prompt));
      return done(await toGlb(doc));
    }
    case 'merge-motion':
      return done(await mergeMotion(await ctx.source(str(p.meshRigId)), await ctx.source(str(p.animationOnlyId))));
    case 'text-to-image':
      return done(await textToImage(prompt, p.aspectRatio, v));
    case 'spritesheet': {
      const s = (p.spritesheet ?? {}) as { frameCount?: number };
      return done(await spritesheet(prompt, p.aspectRatio, s.frameCount ?? 1, v));
    }
    case 'sketch-to-image':
      return done(await sketchToImage(ctx.upload('file')!, str(p.genStyleId, 'Auto')));
    case 'image-edit':
      return done(await editImage(await ctx.source(str(p.jobId)), prompt, v));
    case 'text-to-worldbox':
      return done(await skybox(prompt, undefined, SKYBOX_WIDTH, v));
    case 'skybox-from-image':
      return done(await skybox(prompt || 'panorama', await averageColour(await ctx.source(str(p.imageJobId))), SKYBOX_WIDTH, v));
    case 'skybox-edit':
      return done(await editSkybox(await ctx.source(str(p.jobId)), prompt, v));
    case 'image-upload':
      return null;
  }
}

/** Merge: the rigged model with the motion clip's animations retargeted by joint name. */
export async function mergeMotion(rigged: Buffer, motion: Buffer): Promise<Buffer> {
  const doc = await fromGlb(rigged);
  if (!findJoints(doc).has('hips')) rigDocument(doc);
  copyAnimations(await fromGlb(motion), doc);
  return toGlb(doc);
}

