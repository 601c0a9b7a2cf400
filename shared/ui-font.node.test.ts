/**
 * The UI font ships with the app (renderer/src/app/fonts.css), so it must
 * draw every character the app shows: a character it lacks would fall back to
 * whatever the machine has, and the layout would depend on the machine again.
 * Collects the characters of the renderer's sources and the shared catalogue
 * (labels, messages) and checks each against the character map of every font
 * file fonts.css names. Lives in shared/ as a *.node.test.ts because it reads
 * files from disk (the renderer's own tests run in a DOM without Node).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const require = createRequire(__filename);

/** Characters a source text can put on screen: every printable ASCII one, the non-ASCII ones it holds, and those its \u escapes spell. */
export function shownCharacters(text: string): Set<string> {
  const found = new Set<string>();
  for (const ch of text) if (ch.codePointAt(0)! > 0x7e) found.add(ch);
  for (const m of text.matchAll(/\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})/g)) found.add(String.fromCodePoint(parseInt(m[1] ?? m[2]!, 16)));
  // Not drawn: control characters, the byte-order mark, the object replacement character.
  for (const ch of [...found]) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0xfeff || cp === 0xfffc) found.delete(ch);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => {
    if (!e.isFile() || !/\.(tsx?|css|html)$/.test(e.name) || /\.test\.tsx?$/.test(e.name)) return [];
    return [path.join(e.parentPath, e.name)];
  });
}

/** Font files fonts.css loads, by family, resolved as Vite resolves them (bare specifiers from node_modules). */
function bundledFonts(): { family: string; file: string }[] {
  const css = fs.readFileSync(path.join(root, 'renderer/src/app/fonts.css'), 'utf8');
  return [...css.matchAll(/font-family: '([^']+)';\s*src: url\('([^']+)'\)/g)].map((m) => ({ family: m[1]!, file: require.resolve(m[2]!) }));
}

const codePoint = (ch: string) => `${ch} U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

describe('shownCharacters', () => {
  it.each([
    ['plain ASCII adds nothing beyond ASCII', "'Open'", []],
    ['a literal symbol', "'⋯ Actions'", ['⋯']],
    ['an escape in a string', "'\\u2248 estimate'", ['≈']],
    ['a code point escape', "'\\u{2605}'", ['★']],
    ['separators and BOM are not drawn', "'a\\u0000b' '\\uFEFF'", []],
  ])('%s', (_name, text, expected) => {
    expect([...shownCharacters(text)].sort()).toEqual([...expected].sort());
  });
});

describe('the bundled UI font', () => {
  const characters = new Set<string>();
  for (let c = 0x20; c <= 0x7e; c++) characters.add(String.fromCharCode(c));
  for (const file of [...sourceFiles(path.join(root, 'renderer/src')), ...sourceFiles(path.join(root, 'shared')), path.join(root, 'renderer/index.html')]) {
    for (const ch of shownCharacters(fs.readFileSync(file, 'utf8'))) characters.add(ch);
  }

  it('is loaded from the app, and the app asks for it by name', () => {
    expect(bundledFonts().filter((f) => f.family === 'Asset Studio Sans')).toHaveLength(2);
    expect(fs.readFileSync(path.join(root, 'renderer/src/app/app.css'), 'utf8')).toMatch(/font-family: 'Asset Studio Sans'/);
  });

  it('draws every character the app shows (the symbols too: ⋯ ≈ × · ★ → ☰)', () => {
    for (const ch of '⋯≈×·★→☰') expect(characters.has(ch), `the scan finds ${ch}`).toBe(true);
    const fonts = bundledFonts().map((f) => ({ ...f, font: fontkit.openSync(f.file) as fontkit.Font }));
    const sans = fonts.filter((f) => f.family === 'Asset Studio Sans');
    for (const { family, file, font } of fonts) {
      const lacks = [...characters].filter((ch) => !font.hasGlyphForCodePoint(ch.codePointAt(0)!));
      // The monospaced face (batch fields) falls back to the sans one in its font stack: what it lacks, every sans face must draw.
      const undrawn = family === 'Asset Studio Sans' ? lacks : lacks.filter((ch) => sans.some((s) => !s.font.hasGlyphForCodePoint(ch.codePointAt(0)!)));
      expect(undrawn.map(codePoint), `${path.basename(file)} (${family}) lacks`).toEqual([]);
    }
  });
});
