import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type JobRefField } from '../../../../shared/api';
import { emptyPickerText } from './SourcePicker';

describe('an empty source picker says what it will offer, in things an artist makes', () => {
  const cases: [string, string][] = [
    ['retexture', 'No finished models yet: the ones you make appear here to choose from.'],
    ['image-edit', 'No finished images yet: the ones you make appear here to choose from.'],
    ['skybox-edit', 'No finished skyboxes yet: the ones you make appear here to choose from.'],
    ['create-solid-box', 'No finished images or models yet: the ones you make appear here to choose from.'],
    ['skybox-from-image', 'No uploaded images yet: images you upload (0 credits) appear here to choose from.'],
    ['animate', 'No rigged models yet: models you rig with Auto-rig appear here to choose from.'],
  ];
  it.each(cases)('%s', (kind, text) => {
    const spec = Object.values(ENDPOINTS[kind as keyof typeof ENDPOINTS].fields).find((f) => f.type === 'job-ref' && f.required) as JobRefField;
    expect(emptyPickerText(spec)).toBe(text);
  });
});
