/**
 * What Generate sends is what the form shows: one pure function from the
 * form's state to the request, its takes and its quote, over form states a
 * user reaches (a refused drop over an earlier file, files staged before a
 * reload, fields showing errors, variants, no price known).
 */
import { describe, expect, it } from 'vitest';
import type { GenerationKind, RateCard } from '../../../../shared/api';
import { initialDraft, type DraftValues, type FieldErrors } from './draft';
import { blockedLine, refusedFileLine, requestFromForm, type FormRequest, type FormState } from './form-request';

const card: RateCard = { perKind: { 'image-to-3d': 20, 'text-to-3d': 20 }, quads: 10, highFaceCount: 10 };
const chest = { stagedFileId: 'staged-chest-01', name: 'photo_chest.png', size: 412_000, format: 'png', width: 1024, height: 1024 };
/** As a draft comes back from localStorage after a reload: id and name, no object URL, maybe a small picture. */
const chestAfterReload = { stagedFileId: 'staged-chest-01', name: 'photo_chest.png', size: 412_000, format: 'png', thumbnail: 'data:image/jpeg;base64,AAAA' };
const refusedLine = refusedFileLine('big.png', 'Image: the file is 29.3 MB; the limit is 20.0 MB.', 'photo_chest.png');

function form(kind: GenerationKind, draft: DraftValues, shownErrors: FieldErrors = {}, extra: Partial<FormState> = {}): FormState {
  return { kind, draft: { ...initialDraft(kind), ...draft }, shownErrors, takes: 1, card, usable: true, submitting: false, ...extra };
}

/** What a user can tell from the button: off or on, what it quotes, and what a press sends. */
function outcome(r: FormRequest) {
  return {
    state: r.state,
    sends: r.state === 'ready' ? { fields: r.fields, takes: r.takes } : null,
    quote: r.quote ?? null,
    line: blockedLine(r) ?? null,
  };
}

describe('requestFromForm', () => {
  it.each<[string, FormState, ReturnType<typeof outcome>]>([
    [
      'a staged image: sent by its staged id, quoted at the card price',
      form('image-to-3d', { file: chest }),
      { state: 'ready', sends: { fields: expect.objectContaining({ file: { stagedFileId: 'staged-chest-01' } }), takes: 1 }, quote: 20, line: null },
    ],
    [
      'a refused drop over photo_chest.png: the slot is empty, the line shows, nothing is sent or quoted',
      form('image-to-3d', {}, { file: refusedLine }),
      { state: 'blocked', sends: null, quote: null, line: 'Generate is off until this is fixed: Image.' },
    ],
    [
      'a refused drop where the earlier file is still in the draft: the shown error still stops it being sent',
      form('image-to-3d', { file: chest }, { file: 'Image: the file is 29.3 MB; the limit is 20.0 MB.' }),
      { state: 'blocked', sends: null, quote: null, line: 'Generate is off until this is fixed: Image.' },
    ],
    [
      'a file staged before a reload (id and name from storage): sent by that id, exactly the chip it shows',
      form('image-to-3d', { file: chestAfterReload }),
      { state: 'ready', sends: { fields: expect.objectContaining({ file: { stagedFileId: 'staged-chest-01' } }), takes: 1 }, quote: 20, line: null },
    ],
    [
      'a file staged before a reload that the app no longer holds: taken out with its line, nothing sent',
      form('image-to-3d', {}, { file: refusedFileLine('photo_chest.png', 'The app no longer holds its copy.', 'photo_chest.png') }),
      { state: 'blocked', sends: null, quote: null, line: 'Generate is off until this is fixed: Image.' },
    ],
    [
      'no file and no error yet: a press shows what is missing; the quote is for the options as they stand',
      form('image-to-3d', {}),
      { state: 'incomplete', sends: null, quote: 20, line: null },
    ],
    [
      'a field showing an error elsewhere (the face count) stops a complete image too',
      form('image-to-3d', { file: chest }, { targetFaceCount: 'Target face count: use a whole number from 0 to 500,000.' }),
      { state: 'blocked', sends: null, quote: null, line: 'Generate is off until this is fixed: Target face count.' },
    ],
    [
      'two fields showing errors are both named',
      form('text-to-3d', {}, { prompt: 'Prompt: write what to make.', targetFaceCount: 'Target face count: use a whole number from 0 to 500,000.' }),
      { state: 'blocked', sends: null, quote: null, line: 'Generate is off until these are fixed: Prompt, Target face count.' },
    ],
    [
      'a refusal not tied to a field names the form',
      form('text-to-3d', { prompt: 'a chair' }, { _form: 'The service refused the request.' }),
      { state: 'blocked', sends: null, quote: null, line: 'Generate is off until this is fixed: the form.' },
    ],
    [
      'an emptied error message is not an error',
      form('text-to-3d', { prompt: 'a chair' }, { prompt: '' }),
      { state: 'ready', sends: { fields: expect.objectContaining({ prompt: 'a chair' }), takes: 1 }, quote: 20, line: null },
    ],
    [
      'three takes with quads: three jobs of one request, quoted for all three',
      form('text-to-3d', { prompt: 'a chair', topology: 'quads' }, {}, { takes: 3 }),
      { state: 'ready', sends: { fields: expect.objectContaining({ prompt: 'a chair', topology: 'quads' }), takes: 3 }, quote: 90, line: null },
    ],
    [
      'no price known: sent, with no figure claimed',
      form('text-to-3d', { prompt: 'a chair' }, {}, { card: undefined }),
      { state: 'ready', sends: { fields: expect.objectContaining({ prompt: 'a chair' }), takes: 1 }, quote: null, line: null },
    ],
    ['a send on its way: nothing more until it is answered', form('text-to-3d', { prompt: 'a chair' }, {}, { submitting: true }), { state: 'blocked', sends: null, quote: null, line: null }],
    ['a kind the key may not use', form('text-to-3d', { prompt: 'a chair' }, {}, { usable: false }), { state: 'blocked', sends: null, quote: null, line: null }],
  ])('%s', (_case, state, expected) => {
    expect(outcome(requestFromForm(state))).toEqual(expected);
  });

  it('never sends a value the form does not show (a staged file is sent by id only: no name, size or picture)', () => {
    const r = requestFromForm(form('image-to-3d', { file: chestAfterReload }));
    expect(r.state === 'ready' && r.fields.file).toEqual({ stagedFileId: 'staged-chest-01' });
  });

  it('pressed while errors show, it also finds the problems not shown yet', () => {
    const r = requestFromForm(form('text-to-3d', { targetFaceCount: '900000' }, { _form: 'The service refused the request.' }));
    expect(r.state === 'blocked' && r.why === 'errors-shown' ? Object.keys(r.errors).sort() : null).toEqual(['prompt', 'targetFaceCount']);
  });
});

describe('refusedFileLine', () => {
  it.each([
    ['over an earlier file', 'photo_chest.png', 'big.png was not used. Image: the file is 29.3 MB; the limit is 20.0 MB. photo_chest.png was taken out too, so nothing from this slot is sent: choose another file.'],
    ['into an empty slot', undefined, 'big.png was not used. Image: the file is 29.3 MB; the limit is 20.0 MB. Nothing is in this slot: choose another file.'],
  ])('%s', (_case, previous, expected) => {
    expect(refusedFileLine('big.png', 'Image: the file is 29.3 MB; the limit is 20.0 MB.', previous)).toBe(expected);
  });
});
