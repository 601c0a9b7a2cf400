/**
 * Every file one model export writes, under one base name: each chosen
 * format's files (a texture glTF and OBJ both name is written once), then
 * collision (GLB and glTF only) and `NAME_LOD1.glb`, … when asked for. Also
 * the size of each format's files, which is what the check's File size line
 * measures (not the GLB the copy was built as).
 */
import type { Document } from '@gltf-transform/core';
import { collisionApplies, lodSuffixes, type CollisionShape } from '../../../shared/domain/engine-import';
import type { NodeFormat } from '../../../shared/domain/export-formats';
import { lodOutputs, withCollision } from './engine-extras';
import { plannedSuffixes, writeFormat, type OutputFile } from './formats';
import { modelIo, usesDraco } from './model-transform';

export interface ModelExtras {
  collision: CollisionShape;
  /** Ratios of NAME_LOD1.glb, …; none: no LOD files. */
  lodRatios?: readonly number[];
  upAxis: 'y' | 'z';
}

export interface FormatFiles {
  format: NodeFormat;
  /** Suffixes of this format's files (shared textures included). */
  suffixes: string[];
  /** Bytes of this format's files together. */
  fileBytes: number;
}

/** The suffixes an export will write, in writing order, each once. */
export function plannedModelSuffixes(doc: Document, formats: readonly NodeFormat[], extras: Pick<ModelExtras, 'lodRatios'>): string[] {
  const all = formats.flatMap((f) => plannedSuffixes(doc, f));
  return [...new Set([...all, ...lodSuffixes(extras.lodRatios ?? [])])];
}

export async function writeModel(doc: Document, glb: Uint8Array, formats: readonly NodeFormat[], name: string, extras: ModelExtras): Promise<{ outputs: OutputFile[]; sizes: FormatFiles[] }> {
  const io = await modelIo(usesDraco(glb));
  // OBJ and STL come from the copy as it is; GLB and glTF from a clone with collision when asked for.
  const collided = extras.collision !== 'none' && formats.some(collisionApplies) ? await withCollision(doc, extras.collision, name) : undefined;
  const byFormat = new Map<string, OutputFile>();
  const sizes: FormatFiles[] = [];
  for (const format of formats) {
    const source = collided && collisionApplies(format) ? collided : doc;
    const bytes = format === 'glb' && collided ? await io.writeBinary(collided) : glb;
    const files = await writeFormat(source, bytes, format, name, extras.upAxis);
    for (const f of files) if (!byFormat.has(f.suffix)) byFormat.set(f.suffix, f);
    sizes.push({ format, suffixes: files.map((f) => f.suffix), fileBytes: files.reduce((n, f) => n + f.bytes.byteLength, 0) });
  }
  const lods = extras.lodRatios?.length ? await lodOutputs(doc, extras.lodRatios, (d) => io.writeBinary(d)) : [];
  return { outputs: [...byFormat.values(), ...lods], sizes };
}
