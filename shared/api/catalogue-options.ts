/**
 * The option values of the catalogue's enum fields, as the spec lists them, and the
 * words the forms show for them. Split from catalogue.ts so the endpoint table stays
 * a table: the values are the contract (sent unchanged), the labels only what a
 * person reads. catalogue.ts re-exports all of it.
 */
export const TEXTURE_RESOLUTIONS = ['128', '256', '512', '1k', '2k', '4k', 'auto', 'none'] as const;
export const TOPOLOGIES = ['auto', 'quads', 'triangles'] as const;
export const ASPECT_RATIOS = ['1:1', '4:3', '3:4', '3:2', '2:3', '16:9', '9:16'] as const;
export const RETARGET_PRESETS = [
  'backflip',
  'boxing-combination',
  'climb',
  'crouch',
  'evade',
  'fall',
  'jump',
  'kick-football',
  'pop-dance',
  'reload',
  'run',
  'spin-kicking',
  'sword-swing',
  'walk',
  'wave',
  'zombie-walk',
] as const;
export const REFERENCE_KINDS = ['base', 'pose', 'style'] as const;

/*
 * Option labels: what the forms show for an enum value (the value sent is unchanged). Values
 * the humaniser in plain-words.ts already says well ('kick-football' -> 'Kick football') need none.
 */
export const TEXTURE_RESOLUTION_LABELS: Readonly<Record<(typeof TEXTURE_RESOLUTIONS)[number], string>> = {
  '128': '128 px',
  '256': '256 px',
  '512': '512 px',
  '1k': '1K (1024 px)',
  '2k': '2K (2048 px)',
  '4k': '4K (4096 px)',
  auto: 'Auto',
  none: 'None (no texture)',
};
export const TOPOLOGY_LABELS: Readonly<Record<(typeof TOPOLOGIES)[number], string>> = {
  auto: 'Auto',
  quads: 'Quads (four-sided)',
  triangles: 'Triangles',
};
export const ASPECT_RATIO_LABELS: Readonly<Record<(typeof ASPECT_RATIOS)[number], string>> = {
  '1:1': '1:1 (square)',
  '4:3': '4:3 (landscape)',
  '3:4': '3:4 (portrait)',
  '3:2': '3:2 (landscape)',
  '2:3': '2:3 (portrait)',
  '16:9': '16:9 (wide)',
  '9:16': '9:16 (tall)',
};
export const REFERENCE_KIND_LABELS: Readonly<Record<(typeof REFERENCE_KINDS)[number], string>> = {
  base: 'Base image',
  pose: 'Pose',
  style: 'Style',
};
export const RETARGET_PRESET_LABELS: Readonly<Partial<Record<string, string>>> = { 'kick-football': 'Football kick', 'spin-kicking': 'Spinning kick', 'pop-dance': 'Pop dance' };
export const SPRITESHEET_ASSET_KIND_LABELS: Readonly<Partial<Record<string, string>>> = { ui: 'UI element' };
export const SPRITESHEET_ASSET_KINDS = ['background', 'character', 'effect', 'prop', 'ui'] as const;
export const SPRITESHEET_MODES = ['animated', 'background', 'static'] as const;
export const SPRITESHEET_FRAME_COUNTS = [1, 12, 16] as const;
export const SPRITESHEET_ANIMATIONS = [
  'attack',
  'block',
  'cast',
  'climb',
  'death',
  'dodge',
  'hurt',
  'idle',
  'interact',
  'jump',
  'run',
  'still',
  'walk',
] as const;
export const SPRITESHEET_DIRECTIONS = [
  'back',
  'back-left',
  'back-right',
  'front',
  'front-left',
  'front-right',
  'left',
  'right',
] as const;
export const DEFAULT_GEN_STYLE_ID = 'Auto';
export const DEFAULT_API_VERSION = 1;
