/**
 * A Godot 4 environment resource (text `.tres`) whose sky is a
 * PanoramaSkyMaterial on the exported panorama: set it as a WorldEnvironment's
 * Environment and the scene has that sky (background and ambient light).
 */

/** `res://` path of a file at `relativePath` (`/`-separated) inside the Godot project folder. */
export function resPath(relativePath: string): string {
  return `res://${relativePath.split('/').filter(Boolean).join('/')}`;
}

function quoted(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The `.tres` text: an Environment with background mode Sky, its Sky, and the Sky's PanoramaSkyMaterial reading the PNG. */
export function godotSkyResource(panoramaRelativePath: string): string {
  return [
    '[gd_resource type="Environment" load_steps=4 format=3]',
    '',
    `[ext_resource type="Texture2D" path=${quoted(resPath(panoramaRelativePath))} id="1_panorama"]`,
    '',
    '[sub_resource type="PanoramaSkyMaterial" id="PanoramaSkyMaterial_1"]',
    'panorama = ExtResource("1_panorama")',
    '',
    '[sub_resource type="Sky" id="Sky_1"]',
    'sky_material = SubResource("PanoramaSkyMaterial_1")',
    '',
    '[resource]',
    'background_mode = 2',
    'sky = SubResource("Sky_1")',
    '',
  ].join('\n');
}
