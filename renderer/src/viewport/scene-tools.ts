/** Camera fitting, parts and the ready check: small helpers the scene components share. */
import { Box3, PerspectiveCamera, Sphere, Vector3, type Camera, type Object3D, type WebGLRenderer } from 'three';

/** Places the camera so the whole model fits the view, looking at its centre from the front-right and above. */
export function fitCamera(camera: Camera, object: Object3D, target: Vector3): Sphere {
  const box = new Box3().setFromObject(object);
  const sphere = box.isEmpty() ? new Sphere(new Vector3(), 1) : box.getBoundingSphere(new Sphere());
  const radius = Math.max(sphere.radius, 1e-3);
  target.copy(sphere.center);
  if (camera instanceof PerspectiveCamera) {
    // The narrower of the two fields of view decides: a tall viewport would otherwise crop the model's sides.
    const vertical = (camera.fov * Math.PI) / 180;
    const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * camera.aspect);
    const fov = Math.min(vertical, horizontal);
    const distance = (radius / Math.sin(fov / 2)) * 1.1;
    const dir = new Vector3(0.6, 0.45, 1).normalize();
    camera.position.copy(sphere.center).addScaledVector(dir, distance);
    camera.near = Math.max(distance / 1000, radius / 1000);
    camera.far = distance * 100 + radius * 10;
    camera.lookAt(sphere.center);
    camera.updateProjectionMatrix();
  }
  return sphere;
}

export interface Part {
  object: Object3D;
  name: string;
  /** Where the part sits when not exploded. */
  home: Vector3;
  /** Unit direction from the model's centre to the part's centre. */
  direction: Vector3;
}

/**
 * The model's parts: the children of the first node that has more than one
 * (glTF exporters often wrap everything in a single root).
 */
export function findParts(root: Object3D): Part[] {
  let node = root;
  while (node.children.length === 1 && node.children[0]) node = node.children[0];
  if (node.children.length < 2) return [];
  const centre = new Box3().setFromObject(root).getCenter(new Vector3());
  return node.children.map((object, i) => {
    const partCentre = new Box3().setFromObject(object).getCenter(new Vector3());
    const direction = partCentre.sub(centre);
    if (direction.lengthSq() < 1e-12) direction.set(0, 1, 0);
    return { object, name: object.name || `Part ${i + 1}`, home: object.position.clone(), direction: direction.normalize() };
  });
}

/** Moves each part out along its direction, by `amount` × the model's radius. */
export function explodeParts(parts: Part[], amount: number, radius: number): void {
  for (const part of parts) {
    // Directions are in the model's space; the parent's scale shrinks the offset, so undo it.
    const scale = part.object.parent ? part.object.parent.getWorldScale(new Vector3()).x || 1 : 1;
    part.object.position.copy(part.home).addScaledVector(part.direction, (amount * radius) / scale);
  }
}

/**
 * Forces the GPU to finish the frame and counts pixels that differ from the
 * clear colour. `requestAnimationFrame` alone fires long before a software
 * renderer has drawn; a `readPixels` waits for it.
 */
export function paintedPixels(gl: WebGLRenderer, background: [number, number, number]): number {
  const ctx = gl.getContext();
  const w = ctx.drawingBufferWidth;
  const h = ctx.drawingBufferHeight;
  const step = Math.max(1, Math.floor(Math.min(w, h) / 64));
  const pixels = new Uint8Array(w * h * 4);
  ctx.readPixels(0, 0, w, h, ctx.RGBA, ctx.UNSIGNED_BYTE, pixels);
  let painted = 0;
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      const i = (y * w + x) * 4;
      if (Math.abs((pixels[i] ?? 0) - background[0]) + Math.abs((pixels[i + 1] ?? 0) - background[1]) + Math.abs((pixels[i + 2] ?? 0) - background[2]) > 12) painted++;
    }
  }
  return painted;
}
