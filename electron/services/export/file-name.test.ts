import { describe, expect, it } from 'vitest';
import { MAX_NAME_BYTES, numbered, renderTemplate, safeBaseName, safeSubfolder, slugify } from './file-name';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
/** What Windows refuses in a file name (Win32 naming rules). */
function validOnWindows(name: string): boolean {
  // eslint-disable-next-line no-control-regex -- Windows forbids exactly these control characters
  if (/[<>:"/\\|?*\u0000-\u001f]/.test(name)) return false;
  if (/[. ]$/.test(name)) return false;
  const stem = name.split('.')[0]!.trimEnd();
  return !/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i.test(stem);
}
const isWellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8') === s && !/[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));

describe('slugify', () => {
  it('turns a prompt into lower-case words joined by dashes', () => {
    expect(slugify('A Wooden  Chair, low-poly!')).toBe('a-wooden-chair-low-poly');
  });
  it('keeps letters of any script and emoji, including joined emoji', () => {
    expect(slugify('Château 🏰 du 👩‍🚀')).toBe('château-🏰-du-👩‍🚀');
  });
  it('cuts long prompts at a character boundary', () => {
    const slug = slugify('🐉'.repeat(100));
    expect(Array.from(slug)).toHaveLength(60);
    expect(isWellFormed(slug)).toBe(true);
  });
});

describe('renderTemplate', () => {
  const fields = { prompt: 'Red Dragon', kind: 'text-to-3d', createdAt: '2026-11-22T08:30:00.000Z', jobId: 'abc123def456ghi' };
  it('fills the default template', () => {
    expect(renderTemplate('{prompt-slug}_{jobId8}', fields)).toBe('red-dragon_abc123de');
  });
  it('fills kind, date and the full job id', () => {
    expect(renderTemplate('{kind}-{date}-{jobId}', fields)).toBe('text-to-3d-2026-11-22-abc123def456ghi');
  });
  it('falls back to the kind when there is no prompt and leaves unknown fields as text', () => {
    expect(renderTemplate('{prompt-slug}{nope}', { ...fields, prompt: undefined })).toBe('text-to-3d{nope}');
  });
});

describe('safeBaseName', () => {
  it('replaces separators so ../../x cannot climb out', () => {
    const name = safeBaseName('../../x');
    expect(name).not.toContain('/');
    expect(name).not.toMatch(/^\./);
    expect(validOnWindows(`${name}.glb`)).toBe(true);
  });
  it('replaces Windows-reserved characters and control characters', () => {
    const name = safeBaseName('a<b>c:d"e/f\\g|h?i*j\u0000k\u001fl\u007fm');
    expect(name).toBe('a_b_c_d_e_f_g_h_i_j_k_l_m');
  });
  it.each(['CON', 'con', 'PRN', 'AUX', 'NUL', 'COM1', 'com9', 'LPT1', 'lpt9', 'CON.tar', 'nul .x', 'COM¹'])('escapes the device name %s', (raw) => {
    const name = safeBaseName(raw);
    expect(validOnWindows(`${name}.glb`)).toBe(true);
    expect(name.toLowerCase()).toContain(raw.toLowerCase().split(/[ .]/)[0]!);
  });
  it('does not touch names that only start like a device name', () => {
    expect(safeBaseName('console')).toBe('console');
    expect(safeBaseName('COM10')).toBe('COM10');
  });
  it('removes trailing dots and spaces, and leading dots (no hidden files)', () => {
    expect(safeBaseName('  ..name.. ')).toBe('name');
  });
  it('removes direction overrides that could disguise an extension', () => {
    expect(safeBaseName('photo\u202Egnp.exe')).toBe('photognp.exe');
  });
  it('keeps a 300-character name within the byte limit with room for the sidecar suffix', () => {
    const name = safeBaseName('x'.repeat(300));
    expect(bytes(`${name}.asset.json`)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(name.length).toBeGreaterThan(100);
  });
  it('never splits a multi-byte character or emoji when shortening', () => {
    const name = safeBaseName('👩‍🚀é'.repeat(80));
    expect(bytes(`${name}.asset.json`)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(isWellFormed(name)).toBe(true);
    expect(name.endsWith('é') || name.endsWith('👩‍🚀')).toBe(true);
  });
  it('gives a fallback for names that are empty after cleaning', () => {
    expect(safeBaseName('...')).toBe('asset');
    expect(safeBaseName('')).toBe('asset');
    expect(safeBaseName('///')).toBe('asset');
  });
  it('produces names valid on Windows for a set of hostile prompts', () => {
    const hostile = ['../../x', 'CON', 'x'.repeat(300), '🔥🔥🔥', 'a/b\\c', 'AUX.txt', ' trailing. ', 'tab\there', 'new\nline', '..', '.', '.hidden'];
    for (const raw of hostile) {
      const name = `${safeBaseName(renderTemplate('{prompt-slug}_{jobId8}', { prompt: raw, kind: 'text-to-3d', createdAt: '2026-01-01', jobId: 'j0b1d2e3f4' }))}.glb`;
      expect(validOnWindows(name), name).toBe(true);
      expect(bytes(name)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    }
    for (const raw of hostile) {
      const name = `${safeBaseName(raw)}.glb`;
      expect(validOnWindows(name), name).toBe(true);
      expect(name).not.toMatch(/[\\/]/);
    }
  });
});

describe('safeSubfolder and numbered', () => {
  it('drops .. and empty segments from a subfolder', () => {
    expect(safeSubfolder('../Assets//Generated/../x')).toBe('Assets/Generated/x');
    expect(safeSubfolder('..\\..')).toBe('');
  });
  it('numbers names after the first and keeps them under the limit', () => {
    expect(numbered('chair', 1)).toBe('chair');
    expect(numbered('chair', 2)).toBe('chair-2');
    expect(bytes(`${numbered('y'.repeat(200), 12)}.asset.json`)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(numbered('y'.repeat(200), 12).endsWith('-12')).toBe(true);
  });
});
