/** The 3D view's keyboard: which key does what, and that the camera moves keep the model in view. */
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { commandForKey, framePosition, orbitPosition, zoomPosition } from './view-commands';

describe('commandForKey', () => {
  it.each([
    ['f', { type: 'frame' }],
    ['F', { type: 'frame' }],
    ['Home', { type: 'reset' }],
    ['+', { type: 'zoom', factor: 1 / 1.15 }],
    ['-', { type: 'zoom', factor: 1.15 }],
    ['a', null],
    ['Tab', null],
    ['Enter', null],
  ] as const)('%s → %o', (key, command) => {
    expect(commandForKey(key)).toEqual(command);
  });

  it('orbits left and right, up and down, further with Shift', () => {
    const left = commandForKey('ArrowLeft');
    const right = commandForKey('ArrowRight', true);
    expect(left).toMatchObject({ type: 'orbit', polar: 0 });
    expect(right).toMatchObject({ type: 'orbit', polar: 0 });
    if (left?.type !== 'orbit' || right?.type !== 'orbit') throw new Error('not orbit');
    expect(left.azimuth).toBeLessThan(0);
    expect(right.azimuth).toBeCloseTo(-3 * left.azimuth);
    expect(commandForKey('ArrowUp')).toMatchObject({ type: 'orbit', azimuth: 0 });
  });
});

describe('camera moves', () => {
  const target = new Vector3(1, 2, 3);
  it('orbiting keeps the distance to the target', () => {
    const from = new Vector3(4, 4, 7);
    const to = orbitPosition(from, target, 0.3, -0.2);
    expect(to.distanceTo(target)).toBeCloseTo(from.distanceTo(target));
    expect(to.distanceTo(from)).toBeGreaterThan(0.1);
  });
  it('orbiting never flips over the pole', () => {
    const top = orbitPosition(new Vector3(1, 10, 3.001), target, 0, -1);
    expect(top.y).toBeGreaterThan(target.y);
    expect(Number.isFinite(top.x)).toBe(true);
  });
  it('zoom scales the distance', () => {
    expect(zoomPosition(new Vector3(1, 2, 13), target, 0.5).distanceTo(target)).toBeCloseTo(5);
  });
  it('frame fits the sphere from the current direction, wherever the camera had wandered', () => {
    const center = new Vector3(0, 0.5, 0);
    const fov = Math.PI / 4;
    const far = framePosition(new Vector3(0, 0, 500), new Vector3(0, 0, 0), center, 1, fov);
    const near = framePosition(new Vector3(0, 0, 0.2), new Vector3(0, 0, 0), center, 1, fov);
    const expected = (1 / Math.sin(fov / 2)) * 1.1;
    expect(far.distanceTo(center)).toBeCloseTo(expected);
    expect(near.distanceTo(center)).toBeCloseTo(expected);
    // Looks from +z, as the camera did.
    expect(far.z).toBeGreaterThan(center.z);
  });
});
