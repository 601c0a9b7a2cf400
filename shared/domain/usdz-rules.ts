/**
 * The package rules a USDZ must follow, checked on its bytes (no USD tools
 * run on these machines). Sources, read November 2026:
 * - Pixar, "Usdz File Format Specification" 1.3 (openusd.org/release/spec_usdz.html): a zip archive
 *   without compression or encryption; each file's data begins at a multiple of 64 bytes from the
 *   start of the package; the first file is a native USD layer (usda, usdc or usd), the default layer.
 * - OpenUSD's compliance checker, which `usdchecker --arkit` runs for Apple's AR Quick Look
 *   (pxr/usd/usdUtils/complianceChecker.py): ByteAlignmentChecker, CompressionChecker,
 *   ARKitFileExtensionChecker (only usd, usda, usdc, usdz, png and jpg files), ARKitPackageEncapsulationChecker
 *   (nothing referenced outside the package) and StageMetadataChecker (upAxis Y, metersPerUnit, defaultPrim).
 * Its ARKitRootLayerChecker also asks for a usdc (binary) root layer: three.js's USDZExporter writes
 * usda, which AR Quick Look reads; `rootLayerBinary` reports it without failing the package.
 */

export interface UsdzRule {
  id: 'zip' | 'stored' | 'aligned' | 'firstIsLayer' | 'fileTypes' | 'encapsulated' | 'stageMetadata' | 'rootLayerBinary';
  ok: boolean;
  detail: string;
}

export interface UsdzEntry {
  name: string;
  method: number;
  flags: number;
  dataOffset: number;
  size: number;
}

/** Extensions ARKitFileExtensionChecker allows in a package (layers, then textures). */
export const USDZ_FILE_TYPES = ['usd', 'usda', 'usdc', 'usdz', 'png', 'jpg'] as const;
const LAYER_TYPES = ['usd', 'usda', 'usdc'];

const ext = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** The entries of a zip read from its central directory, each with where its data starts (from its local header). */
export function zipEntries(bytes: Uint8Array): UsdzEntry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const entries: UsdzEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return undefined;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return undefined;
    const dataOffset = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push({ name, method, flags, dataOffset, size });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export function usdzRules(bytes: Uint8Array): UsdzRule[] {
  const entries = zipEntries(bytes);
  if (!entries || entries.length === 0) return [{ id: 'zip', ok: false, detail: 'not a zip archive with files in it' }];
  const names = entries.map((e) => e.name);
  const packed = entries.filter((e) => e.method !== 0 || (e.flags & 1) !== 0);
  const misaligned = entries.filter((e) => e.dataOffset % 64 !== 0);
  const strangers = entries.filter((e) => !(USDZ_FILE_TYPES as readonly string[]).includes(ext(e.name)));
  const first = entries[0]!;
  const rules: UsdzRule[] = [
    { id: 'zip', ok: true, detail: `${entries.length} file(s)` },
    { id: 'stored', ok: packed.length === 0, detail: packed.length ? `compressed or encrypted: ${packed.map((e) => e.name).join(', ')}` : 'every file stored, none encrypted' },
    { id: 'aligned', ok: misaligned.length === 0, detail: misaligned.length ? misaligned.map((e) => `${e.name} at ${e.dataOffset}`).join(', ') : 'every file starts at a multiple of 64 bytes' },
    { id: 'firstIsLayer', ok: LAYER_TYPES.includes(ext(first.name)), detail: `first file: ${first.name}` },
    { id: 'fileTypes', ok: strangers.length === 0, detail: strangers.length ? `not allowed: ${strangers.map((e) => e.name).join(', ')}` : `only ${USDZ_FILE_TYPES.join(', ')}` },
  ];
  if (ext(first.name) === 'usda' && first.method === 0) {
    const text = new TextDecoder().decode(bytes.subarray(first.dataOffset, first.dataOffset + first.size));
    const assets = [...text.matchAll(/@([^@\n]+)@/g)].map((m) => m[1]!.replace(/^\.\//, ''));
    const missing = assets.filter((a) => !names.includes(a));
    rules.push({ id: 'encapsulated', ok: missing.length === 0, detail: missing.length ? `referenced but not in the package: ${missing.join(', ')}` : `${assets.length} asset path(s), all inside` });
    const meta = [/upAxis = "Y"/, /metersPerUnit = [\d.]+/, /defaultPrim = "[^"]+"/].filter((re) => !re.test(text));
    rules.push({ id: 'stageMetadata', ok: meta.length === 0, detail: meta.length ? `missing: ${meta.map((r) => r.source).join(', ')}` : 'upAxis Y, metersPerUnit and defaultPrim set' });
  }
  rules.push({ id: 'rootLayerBinary', ok: ext(first.name) === 'usdc', detail: ext(first.name) === 'usdc' ? 'usdc root layer' : `${first.name} is text (usda); usdchecker --arkit asks for usdc, AR Quick Look reads both` });
  return rules;
}

/** The rules a package must pass here (rootLayerBinary is reported, not required: see above). */
export function usdzProblems(bytes: Uint8Array): UsdzRule[] {
  return usdzRules(bytes).filter((r) => !r.ok && r.id !== 'rootLayerBinary');
}
