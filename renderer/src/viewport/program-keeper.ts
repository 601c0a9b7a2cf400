/**
 * Keeps the shader programs of the last models shown compiled, so that the
 * next model with the same kinds of material draws without compiling any.
 * three.js deletes a program when the last material using it is disposed,
 * and compiling it again made up about a third of a 10k-triangle model's first
 * frame in software rendering (126 → 91 ms with the programs kept); a GPU
 * driver's compile is a visible hitch too. So a shown model's materials are
 * handed here instead of disposed: their textures are already disposed (GPU
 * memory and image data freed), and one material per program is kept, holding
 * that program, until KEPT_PROGRAMS newer ones push it out.
 */
import { Texture, type Material, type WebGLRenderer } from 'three';

/** Programs kept per renderer: a model's materials rarely need more than a few. */
export const KEPT_PROGRAMS = 16;

/** Per renderer: one parked material per compiled program, oldest first. */
const parked = new WeakMap<WebGLRenderer, Map<object, Material>>();

/** What three.js keeps for a material it has drawn: its program, and the uniforms it last drew with. */
interface DrawnMaterial {
  currentProgram?: object;
  uniforms?: Record<string, { value: unknown } | undefined>;
}

/**
 * A kept material is never drawn again, so the textures it and its last
 * uniforms still point to (disposed, but a panorama's pixel data would stay
 * reachable) are let go.
 */
function letGoOfTextures(material: Material, drawn: DrawnMaterial): void {
  const slots = material as unknown as Record<string, unknown>;
  for (const key of Object.keys(slots)) if (slots[key] instanceof Texture) slots[key] = null;
  for (const uniform of Object.values(drawn.uniforms ?? {})) if (uniform && uniform.value instanceof Texture) uniform.value = null;
}

/** Takes materials whose textures are disposed: keeps one per program, disposes the rest. */
export function parkMaterials(gl: WebGLRenderer, materials: readonly Material[]): void {
  let kept = parked.get(gl);
  if (!kept) parked.set(gl, (kept = new Map()));
  for (const material of materials) {
    const drawn = gl.properties.get(material) as DrawnMaterial;
    const program = drawn.currentProgram;
    if (!program) {
      material.dispose();
      continue;
    }
    const holder = kept.get(program);
    if (holder) {
      // Already held: it is now the most recently used, and this material is not needed for it.
      kept.delete(program);
      kept.set(program, holder);
      material.dispose();
      continue;
    }
    letGoOfTextures(material, drawn);
    kept.set(program, material);
  }
  for (const [program, material] of kept) {
    if (kept.size <= KEPT_PROGRAMS) break;
    kept.delete(program);
    material.dispose();
  }
}

/** How many programs are held for this renderer (for tests and the benchmark). */
export function keptProgramCount(gl: WebGLRenderer): number {
  return parked.get(gl)?.size ?? 0;
}
