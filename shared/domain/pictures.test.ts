import { describe, expect, it } from 'vitest';
import { pictureAllowed, pictureSuffix, sniffPicture, type PictureFormat, type PictureKind } from './pictures';

const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);

describe('sniffPicture', () => {
  it.each([
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'png'],
    ['GIF89a', bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61), 'gif'],
    ['GIF87a', bytes(0x47, 0x49, 0x46, 0x38, 0x37, 0x61), 'gif'],
    ['WebM (EBML)', bytes(0x1a, 0x45, 0xdf, 0xa3), 'webm'],
    ['MP4 (ftyp box)', bytes(0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d), 'mp4'],
    ['HTML', new TextEncoder().encode('<!doctype html><html>'), undefined],
    ['a PNG cut after 4 bytes', bytes(0x89, 0x50, 0x4e, 0x47).subarray(0, 4), undefined],
    ['empty', new Uint8Array(), undefined],
  ] as const)('%s → %s', (_, data, format) => expect(sniffPicture(data)).toBe(format));
});

describe('pictureAllowed', () => {
  it.each([
    ['turntable', 'webm', true],
    ['turntable', 'mp4', true],
    ['turntable', 'gif', true],
    ['turntable', 'png', false],
    ['still', 'png', true],
    ['still', 'gif', false],
    ['still', 'webm', false],
  ] as [PictureKind, PictureFormat, boolean][])('%s as %s: %s', (kind, format, allowed) => expect(pictureAllowed(kind, format)).toBe(allowed));
});

it.each([
  ['turntable', 'webm', '_turntable.webm'],
  ['still', 'png', '_still.png'],
] as [PictureKind, PictureFormat, string][])('%s %s is named NAME%s', (kind, format, suffix) => expect(pictureSuffix(kind, format)).toBe(suffix));
