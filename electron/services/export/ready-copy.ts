/**
 * The exported copy of a model: read the cached original (never written),
 * measure it as it would be exported (up axis, scale, pivot), check it
 * against the budget, apply the chosen fixes to a fresh copy, and measure
 * and check the result again. The format writers take the final document.
 */
import { Logger, type Document } from '@gltf-transform/core';
import {
  checkReadiness,
  fixesFor,
  type Budget,
  type CheckLine,
  type FixId,
  type GeometryCompression,
  type ModelFigures,
} from '../../../shared/domain/readiness';
import { applyFixes, type AppliedFix } from './fixes';
import { measureDocument } from './measure';
import { applyModelOptions, isIdentity, modelIo, usesDraco, type ModelOptions } from './model-transform';

/** glTF-Transform's info lines (prune, weld) stay out of the CLI's output. */
const QUIET = new Logger(Logger.Verbosity.WARN);

export interface ReadyCopyInput {
  original: Uint8Array;
  options: ModelOptions;
  budget: Budget;
  compression: GeometryCompression;
  /** 'all': the fix of every line that needs one; a list: those fixes; none: no fixes. */
  fixes?: FixId[] | 'all';
  /** Formats that cannot carry compression leave it out. */
  allowCompression?: boolean;
  /** The validator's counts for the original, when known (the job record keeps them): not run again. */
  validation?: { errors: number; warnings: number };
}

export interface Measured {
  figures: ModelFigures;
  check: CheckLine[];
}

export interface ReadyCopy {
  /** The copy with the export options only. */
  before: Measured;
  /** The exported copy, after fixes (the same as `before` when none were applied). */
  after: Measured;
  fixes: AppliedFix[];
  /** The final document (for the format writers) and its GLB bytes. */
  doc: Document;
  glb: Uint8Array;
}

/** Checks the model as it would be exported, without writing anything. */
export async function checkModel(
  original: Uint8Array,
  options: ModelOptions,
  budget: Budget,
  compression: GeometryCompression,
  validation?: { errors: number; warnings: number },
): Promise<Measured> {
  const doc = await (await modelIo(usesDraco(original))).readBinary(original);
  doc.setLogger(QUIET);
  applyModelOptions(doc, options);
  const figures = await measureDocument(doc, original, options.upAxis, validation);
  return { figures, check: checkReadiness(figures, budget, compression) };
}

export async function readyCopy(input: ReadyCopyInput): Promise<ReadyCopy> {
  const before = await checkModel(input.original, input.options, input.budget, input.compression, input.validation);
  let wanted = input.fixes === 'all' ? fixesFor(before.check) : (input.fixes ?? []);
  if (input.allowCompression === false) wanted = wanted.filter((f) => f !== 'compress');
  const io = await modelIo(usesDraco(input.original) || (wanted.includes('compress') && input.compression === 'draco'));
  const doc = await io.readBinary(input.original);
  doc.setLogger(QUIET);
  if (wanted.length === 0) {
    applyModelOptions(doc, input.options);
    const glb = isIdentity(input.options) ? input.original : await io.writeBinary(doc);
    return { before, after: before, fixes: [], doc, glb };
  }
  const heightM = before.figures.heightM / input.options.scale;
  const { applied, options } = await applyFixes(doc, wanted, { budget: input.budget, compression: input.compression, heightM }, input.options);
  applyModelOptions(doc, options);
  const glb = await io.writeBinary(doc);
  const figures = await measureDocument(doc, glb, options.upAxis);
  return { before, after: { figures, check: checkReadiness(figures, input.budget, input.compression) }, fixes: applied, doc, glb };
}
