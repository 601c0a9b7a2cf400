/**
 * A picked or dropped image for forms that take only an uploaded image: the
 * draft key it is held under and the picker's rules. The upload itself is
 * made by image-chain.ts when the form is sent.
 */
import type { FileField, GenerationKind } from '../../../../shared/api';
import { fieldSpec } from './draft';

/** Draft key of a file picked or dropped for a form that only takes an uploaded image (not sent as such). */
export const LOCAL_IMAGE_FIELD = 'localImage';

/** Forms that take an uploaded image only, and so get a "use a file" picker the app uploads from. */
export const FILE_THEN_UPLOAD_KINDS: readonly GenerationKind[] = ['skybox-from-image'];

/** The picker's spec: the image rules of Image to 3D's file, in the words of this use. */
export function localImageSpec(): FileField {
  return {
    ...(fieldSpec('image-to-3d', 'file') as FileField),
    label: 'Or use an image file',
    required: false,
    help: 'Drop or pick a PNG, JPEG or WebP. The app uploads it for you when you press Generate (0 credits) and reuses that upload next time.',
  };
}

/** A 2:1 image (within 1%) is an equirectangular panorama. */
export function isPanorama(width: number | undefined, height: number | undefined): boolean {
  if (!width || !height) return false;
  return Math.abs(width / height - 2) <= 0.02;
}
