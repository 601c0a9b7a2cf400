import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS, GENERATION_KINDS, type EndpointId } from './catalogue';
import type { FieldSpec } from './fields';
import { factsFromMessage, factsOfIssue, plainProblem } from './plain-words';
import { checkRequest } from './schemas';

/** Words an artist never reads on screen: schema wording, field paths, transport notes. */
const RAW = /Too small|Too big|expected string|expected number|Invalid input|Invalid option|>=|<=|\w+\.\d+\.\w+|\[\]|numeric string|must be one of|is required unless|had invalid arguments|[a-z]+[A-Z][A-Za-z]*/;

describe('messages that arrive as text, in plain words', () => {
  // [where the labels come from, field, message as it arrived, what the screen says]
  const cases: [EndpointId | Record<string, string>, string, string, string][] = [
    ['text-to-3d', 'prompt', 'Too small: expected string to have >=1 characters', 'Enter a prompt.'],
    ['text-to-3d', 'prompt', 'prompt is required.', 'Enter a prompt.'],
    ['text-to-3d', 'prompt', 'prompt must be at most 4096 characters.', 'Keep the prompt to 4,096 characters or fewer.'],
    ['text-to-3d', 'targetFaceCount', 'targetFaceCount must be at most 500000.', 'Target face count: use a whole number from 0 to 500,000.'],
    ['text-to-3d', 'targetFaceCount', 'targetFaceCount must be at least 0.', 'Target face count: use a whole number from 0 to 500,000.'],
    ['text-to-3d', 'targetFaceCount', 'targetFaceCount must be an integer, not the text "lots".', 'Target face count: use a whole number from 0 to 500,000.'],
    ['text-to-3d', 'textureResolution', 'textureResolution must be one of: 128, 256, 512, 1k, 2k, 4k, auto, none.', 'Texture resolution: choose 128, 256, 512, 1k, 2k, 4k, auto or none.'],
    ['multi-image-to-3d', 'FaceCount', 'FaceCount must be between 0 and 500000.', 'Face count: use a whole number from 0 to 500,000.'],
    ['multi-image-to-3d', 'FaceCount', 'FaceCount must be a numeric string of digits.', 'Face count: use a whole number from 0 to 500,000.'],
    ['multi-image-to-3d', 'frontImage', 'frontImage is required.', 'Front: choose an image.'],
    ['multi-image-to-3d', 'leftImage', 'at least one of leftImage, backImage or rightImage is required besides frontImage.', 'Add at least one more view (left, back or right) besides the front.'],
    ['image-to-3d', 'file', 'file is required unless imageJobId is given.', 'Choose an image file, or an image you uploaded earlier.'],
    ['image-upload', 'file', 'file is required.', 'Choose an image.'],
    ['retexture', 'jobId', 'jobId is required.', 'Choose a source model.'],
    ['retarget', 'retargetId', 'Invalid option: expected one of "backflip"|"climb"', 'Motion preset: choose backflip, boxing-combination, climb, crouch, evade, fall, jump, kick-football, pop-dance, reload, run, spin-kicking, sword-swing, walk, wave or zombie-walk.'],
    ['sketch-to-image', 'genStyleId', 'genStyleId is required.', 'Choose a style.'],
    ['image-edit', 'references.0.url', 'references.0.url is required.', 'Reference 1: enter an image URL.'],
    ['image-edit', 'references.1.kind', 'references[].kind must be one of: base, pose, style.', 'Reference 2: role: choose base, pose or style.'],
    ['spritesheet', 'spritesheet.frameCount', 'spritesheet.frameCount must be 12 or 16 in animated mode and 1 otherwise.', 'Frame count: animated sprites take 12 or 16 frames, the other modes take 1.'],
    ['spritesheet', 'spritesheet.frameCount', 'spritesheet.frameCount must be one of: 1, 12, 16.', 'Frame count: choose 1, 12 or 16.'],
    // No field given: the message's first word names it.
    ['text-to-3d', '', 'prompt must be at most 4096 characters.', 'Keep the prompt to 4,096 characters or fewer.'],
    // Settings' own labels, for the IPC contract's zod defaults.
    [{ name: 'Environment name', baseUrl: 'Base URL' }, 'name', 'Too small: expected string to have >=1 characters', 'Enter an environment name.'],
    [{ name: 'Environment name', baseUrl: 'Base URL' }, 'name', 'Too big: expected string to have <=80 characters', 'Keep the environment name to 80 characters or fewer.'],
    [{ name: 'Environment name', baseUrl: 'Base URL' }, 'baseUrl', 'must be an http:// or https:// URL', 'Base URL: enter a web address that starts with https:// (or http://).'],
    // A field with no label in the table still reads as words.
    [{}, 'clientId', 'Too small: expected string to have >=1 characters', 'Enter a client ID.'],
    [{}, 'storageUrl', 'must be an http:// or https:// URL', 'Storage URL: enter a web address that starts with https:// (or http://).'],
    // A message with no known shape keeps its words, with field names replaced by labels.
    ['text-to-3d', 'targetFaceCount', 'targetFaceCount is not supported with topology quads on this account.', 'Target face count is not supported with topology quads on this account.'],
  ];
  it.each(cases)('%s %s: %s', (source, field, message, expected) => {
    expect(plainProblem({ field, message }, source)).toBe(expected);
  });
});

describe('zod issues, read as facts', () => {
  const parse = (schema: z.ZodType, value: unknown) => {
    const r = schema.safeParse(value);
    if (r.success) throw new Error('expected a failure');
    return r.error.issues[0]!;
  };
  const cases: [string, z.ZodType, unknown, boolean, ReturnType<typeof factsOfIssue>][] = [
    ['empty string', z.string().min(1), '', false, { what: 'missing' }],
    ['missing string', z.string(), undefined, false, { what: 'missing' }],
    ['too long', z.string().max(5), 'abcdefg', true, { what: 'too-long', max: 5 }],
    ['below', z.number().min(3), 1, true, { what: 'out-of-range', min: 3 }],
    ['above', z.number().max(3), 9, true, { what: 'out-of-range', max: 3 }],
    ['not a whole number', z.number().int(), 1.5, true, { what: 'not-whole' }],
    ['text for a number', z.number(), 'x', true, { what: 'not-whole' }],
    ['wrong option', z.enum(['a', 'b']), 'c', true, { what: 'not-one-of', values: ['a', 'b'] }],
    ['no option chosen', z.enum(['a', 'b']), undefined, false, { what: 'missing' }],
    ['unknown key', z.object({}).strict(), { x: 1 }, true, { what: 'unexpected' }],
    ['not a url', z.url(), 'nope', true, { what: 'not-url' }],
  ];
  it.each(cases)('%s', (_name, schema, value, sent, facts) => {
    expect(factsOfIssue(parse(schema, value), sent)).toEqual(facts);
  });

  it('a cross-field rule names its rule', () => {
    const check = checkRequest('image-to-3d', {});
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems).toContainEqual(expect.objectContaining({ field: 'file', issue: { what: 'rule', rule: 'image-or-image-job' } }));
  });

  it('reads back every message shape the catalogue schemas write', () => {
    for (const m of ['x is required.', 'x must be at most 3 characters.', 'x must be at least 1.', 'x must be at most 9.', 'x must be an integer.', 'x must be one of: a, b.', 'x must be between 0 and 5.', 'x must be a numeric string of digits.']) {
      expect(factsFromMessage(m), m).toBeDefined();
    }
  });
});

describe('every request the forms can refuse, in plain words', () => {
  /** Values that break every field of an endpoint: too long, out of range, not in the list, missing. */
  function badValue(spec: FieldSpec): unknown {
    switch (spec.type) {
      case 'string':
        return spec.maxLength ? 'x'.repeat(spec.maxLength + 1) : undefined;
      case 'enum':
        return 'not-a-value';
      case 'integer':
        return spec.max !== undefined ? spec.max + 1 : 1.5;
      case 'numeric-string':
        return 'lots';
      case 'array':
        return [{}];
      case 'object':
        return Object.fromEntries(Object.entries(spec.fields).map(([n, f]) => [n, badValue(f)]));
      default:
        return undefined;
    }
  }
  for (const id of GENERATION_KINDS) {
    it(id, () => {
      let said = 0;
      const values = Object.fromEntries(Object.entries(ENDPOINTS[id].fields as Record<string, FieldSpec>).map(([n, f]) => [n, badValue(f)]));
      for (const empty of [{}, values]) {
        const check = checkRequest(id, empty);
        if (check.ok) continue;
        for (const p of check.problems) {
          const text = plainProblem(p, id);
          expect(text, `${p.field}: ${p.message}`).not.toMatch(RAW);
          expect(text).toMatch(/[.!]$/);
          said++;
        }
      }
      expect(said, 'at least one refusal was put in words').toBeGreaterThan(0);
    });
  }
});
