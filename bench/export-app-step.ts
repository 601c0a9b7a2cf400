/**
 * One run of the app's export path for bench/export.ts, in its own process
 * (so its time includes start-up, like each @gltf-transform/cli step's, and
 * its peak memory is its own): the readiness check of the original, the
 * simplify, texture-resize and compress fixes, the exported copy's check, and
 * the written GLB. Prints one JSON line: { ms, maxRssMb, triangles, largestTexture }.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { presetBudget } from '../shared/domain/readiness';
import { readyCopy } from '../electron/services/export/ready-copy';

async function main(): Promise<void> {
const [input, output] = process.argv.slice(2) as [string, string];
const started = performance.now();
const budget = presetBudget('unity', 'mobile');
const copy = await readyCopy({
  original: readFileSync(input),
  options: { upAxis: 'y', scale: 1, pivotAtBase: false },
  budget,
  compression: 'draco',
  fixes: ['simplify', 'resize-textures', 'compress'],
});
writeFileSync(output, copy.glb);
const ms = performance.now() - started;
process.stdout.write(
  `${JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, triangles: copy.after.figures.triangles, largestTexture: copy.after.figures.largestTexture, fixes: copy.fixes })}\n`,
);
}

void main();
