import { BoxGeometry, Mesh, PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { fitCamera } from './scene-tools';

/** Every corner of the model's box, projected to normalised device coordinates. */
function projectedCorners(camera: PerspectiveCamera, half: Vector3): Vector3[] {
  const corners: Vector3[] = [];
  for (const x of [-1, 1]) for (const y of [-1, 1]) for (const z of [-1, 1]) {
    corners.push(new Vector3(x * half.x, y * half.y, z * half.z).project(camera));
  }
  return corners;
}

describe('fitting the camera to a model', () => {
  for (const aspect of [0.5, 0.74, 1, 1.6, 2.4]) {
    it(`keeps the whole model in view in a ${aspect}:1 viewport`, () => {
      const model = new Mesh(new BoxGeometry(2, 1, 3));
      const camera = new PerspectiveCamera(45, aspect, 0.1, 1000);
      fitCamera(camera, model, new Vector3());
      camera.updateMatrixWorld();
      for (const p of projectedCorners(camera, new Vector3(1, 0.5, 1.5))) {
        expect(Math.abs(p.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(p.y)).toBeLessThanOrEqual(1);
      }
    });
  }
});
