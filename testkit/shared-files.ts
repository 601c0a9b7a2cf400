/**
 * Files the tests read from beside the checkout (../shared): the corpus of
 * real GLBs and panoramas, and the service's spec. CI always has ../shared
 * beside the checkout, so there a missing file fails the run with a message
 * naming it; on a developer's machine without it the test is skipped with
 * that same message instead.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..');
const SHARED = path.resolve(REPO_ROOT, '..', 'shared');

/** The corpus folder: ../shared/corpus, or ASSET_STUDIO_CORPUS. */
export const CORPUS = path.resolve(REPO_ROOT, process.env.ASSET_STUDIO_CORPUS ?? path.join(SHARED, 'corpus'));
/** The service's contract: ../shared/spec/asset-generation-api.md, or ASSET_STUDIO_SPEC. */
export const SPEC_FILE = path.resolve(REPO_ROOT, process.env.ASSET_STUDIO_SPEC ?? path.join(SHARED, 'spec', 'asset-generation-api.md'));

export function corpusFile(...parts: string[]): string {
  return path.join(CORPUS, ...parts);
}

/** How a missing file is named: relative to the checkout when it is beside it (`../shared/corpus/gltf/Fox.glb`). */
function shown(file: string): string {
  const relative = path.relative(REPO_ROOT, file);
  return relative.startsWith(`..${path.sep}shared`) ? relative.split(path.sep).join('/') : file;
}

/**
 * Undefined when every file is there. When one is missing: under CI (env `CI`
 * set) throws an error naming it, so the test fails; elsewhere returns that
 * message for the test's skip.
 */
export function missingSharedFile(files: string | string[], what: string, env: { CI?: string } = process.env, exists: (file: string) => boolean = existsSync): string | undefined {
  const absent = (Array.isArray(files) ? files : [files]).filter((f) => !exists(f));
  if (absent.length === 0) return undefined;
  const message = `${what} needs ${absent.map(shown).join(', ')}, which is missing (put ../shared beside the checkout, or set ASSET_STUDIO_CORPUS / ASSET_STUDIO_SPEC).`;
  if (env.CI) throw new Error(`${message} Under CI ../shared is always there, so this fails instead of skipping.`);
  return message;
}
