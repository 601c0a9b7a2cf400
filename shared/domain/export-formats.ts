/**
 * The export-format registry: every format export offers, where it can be
 * made, and what it is for. Node writes the model formats (electron/services/export/formats.ts);
 * a format that needs a canvas (USDZ through three's USDZExporter) is made in
 * the renderer, so the CLI refuses it with `canvasOnly`'s reason. Turntable and
 * still pictures are to join this list the same way.
 */
export const MODEL_FORMATS = ['glb', 'gltf', 'obj', 'stl', 'usdz'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

export interface FormatInfo {
  id: ModelFormat;
  label: string;
  /** What it is for, one line for the format picker. */
  hint: string;
  /** Needs a canvas: made in the app window only. */
  canvasOnly: boolean;
  /** Can carry geometry compression (Draco/meshopt). */
  compresses: boolean;
}

export const EXPORT_FORMATS: Record<ModelFormat, FormatInfo> = {
  glb: { id: 'glb', label: 'GLB', hint: 'One file with textures inside; what engines import best.', canvasOnly: false, compresses: true },
  gltf: { id: 'gltf', label: 'glTF + .bin + textures', hint: 'Separate files, for tools that edit textures in place.', canvasOnly: false, compresses: true },
  obj: { id: 'obj', label: 'OBJ + MTL + textures', hint: 'For older tools; base colour texture only.', canvasOnly: false, compresses: false },
  stl: { id: 'stl', label: 'STL (millimetres)', hint: 'For 3D printing: geometry only, in millimetres.', canvasOnly: false, compresses: false },
  usdz: { id: 'usdz', label: 'USDZ (Apple AR)', hint: "For Apple's AR Quick Look. Made in this window from the model as it is (no fixes) and saved with Save as…, not into the project folder.", canvasOnly: true, compresses: false },
};

export const CANVAS_ONLY_REASON = "USDZ is made with three.js's USDZ exporter, which needs a canvas: export it from the app window.";

/** Formats a headless exporter (CLI, batch) can write: every one not `canvasOnly` (tested). */
export const NODE_FORMATS = ['glb', 'gltf', 'obj', 'stl'] as const satisfies readonly ModelFormat[];
export type NodeFormat = (typeof NODE_FORMATS)[number];

/**
 * Skybox formats: the equirectangular panorama as it came, or with six cube
 * faces named for the project's engine (and Godot's sky resource); see shared/domain/cube-faces.ts.
 */
export const SKYBOX_FORMATS = ['png', 'cubemap'] as const;
export type SkyboxFormat = (typeof SKYBOX_FORMATS)[number];
export const SKYBOX_FORMAT_INFO: Record<SkyboxFormat, { label: string; hint: string }> = {
  png: { label: 'Panorama PNG', hint: 'The equirectangular panorama, as generated.' },
  cubemap: { label: 'Panorama + 6 cube faces', hint: "Six faces named as the project's engine expects; Godot also gets a sky resource (.tres)." },
};
