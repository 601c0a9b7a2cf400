#!/usr/bin/env node
// Renders build/icon.svg into the packaging icons: icon.png (1024), icons/<size>x<size>.png
// (Linux), icon.ico (Windows, PNG entries) and icon.icns (macOS, PNG entries).
// Run after changing the SVG: node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build');
const svg = fs.readFileSync(path.join(buildDir, 'icon.svg'));
const png = (size) => sharp(svg, { density: Math.max(72, Math.ceil((72 * size) / 512)) }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

/** ICO: a directory of PNG images (supported since Windows Vista). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

/** ICNS: typed chunks holding PNG data. */
function icns(chunks) {
  const parts = chunks.map(({ type, data }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const rendered = new Map();
for (const size of sizes) rendered.set(size, await png(size));

fs.writeFileSync(path.join(buildDir, 'icon.png'), rendered.get(1024));
fs.mkdirSync(path.join(buildDir, 'icons'), { recursive: true });
for (const size of [16, 32, 48, 64, 128, 256, 512]) fs.writeFileSync(path.join(buildDir, 'icons', `${size}x${size}.png`), rendered.get(size));
fs.writeFileSync(path.join(buildDir, 'icon.ico'), ico([16, 24, 32, 48, 64, 128, 256].map((size) => ({ size, data: rendered.get(size) }))));
fs.writeFileSync(
  path.join(buildDir, 'icon.icns'),
  icns([
    ['ic11', 32], ['ic12', 64], ['ic07', 128], ['ic13', 256], ['ic08', 256], ['ic14', 512], ['ic09', 512], ['ic10', 1024],
  ].map(([type, size]) => ({ type, data: rendered.get(size) }))),
);
console.log(`Wrote icon.png, icons/, icon.ico and icon.icns to ${path.relative(process.cwd(), buildDir) || '.'}`);
