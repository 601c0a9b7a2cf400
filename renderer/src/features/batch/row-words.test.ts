import { describe, expect, it } from 'vitest';
import { columnLabel, editorColumns, fieldsInWords, kindLabel, rowProblem } from './row-words';

describe('a batch row in the forms’ words', () => {
  // [kind, problem as check-row reports it, what the row says, the column shown beside it]
  const problems: [string, { field: string; message: string }, string, string | undefined][] = [
    ['text-to-3d', { field: 'targetFaceCount', message: 'targetFaceCount must be at least 0.' }, 'Target face count: use a whole number from 0 to 500,000.', 'targetFaceCount'],
    ['text-to-3d', { field: 'textureResolution', message: 'textureResolution must be one of: 128, 256, 512, 1k, 2k, 4k, auto, none.' }, 'Texture resolution: choose 128, 256, 512, 1k, 2k, 4k, auto or none.', 'textureResolution'],
    ['text-to-3d', { field: 'prompt', message: 'prompt is required.' }, 'Enter a prompt.', 'prompt'],
    ['multi-image-to-3d', { field: 'FaceCount', message: 'FaceCount must be a numeric string of digits.' }, 'Face count: use a whole number from 0 to 500,000.', 'FaceCount'],
    ['', { field: 'kind', message: 'kind is required: add a kind column or choose one kind for the whole list.' }, 'Choose a generation type for this row (a kind column), or one for the whole list.', 'kind'],
    ['teleport', { field: 'kind', message: 'kind "teleport" is not a generation type the service offers.' }, '"teleport" is not a generation type the service offers: choose one from the list.', 'kind'],
    ['text-to-3d', { field: 'colour', message: 'colour is not a field of text-to-3d.' }, 'Text to 3D does not take a "colour" column: leave it empty or remove it.', 'colour'],
    ['image-to-3d', { field: 'file', message: 'file: no file at "a.png" (looked in /lists).' }, 'Image: no file at "a.png" (looked in /lists).', 'file'],
  ];
  it.each(problems)('%s %j', (kind, problem, text, column) => {
    expect(rowProblem(kind, problem)).toEqual({ text, ...(column ? { column } : {}) });
  });

  it('labels kinds and columns as the forms do', () => {
    expect(kindLabel('text-to-3d')).toBe('Text to 3D');
    expect(kindLabel('teleport')).toBe('teleport');
    expect(columnLabel('text-to-image', 'genStyleId')).toBe('Style');
    expect(columnLabel('multi-image-to-3d', 'FaceCount')).toBe('Face count');
    expect(columnLabel('text-to-3d', 'colour')).toBe('colour');
    expect(fieldsInWords('text-to-3d', { prompt: 'a chair', targetFaceCount: 2000 })).toBe('Prompt "a chair" · Target face count 2000');
  });

  it('offers the kind’s fields as the form shows them (no version field), then the row’s other columns', () => {
    expect(editorColumns('text-to-3d', ['prompt', 'colour'])).toEqual(['prompt', 'topology', 'targetFaceCount', 'textureResolution', 'tPose', 'colour']);
    expect(editorColumns('text-to-3d', ['apiVersion'])).toContain('apiVersion');
  });
});
