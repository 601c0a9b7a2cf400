/**
 * A soft contact shadow under the model: one plane with a radial-gradient
 * alpha texture, sized to the model's footprint. Unlike a rendered contact
 * shadow it costs no extra pass over the model and owns nothing per model
 * (the texture and geometry are made once), so switching assets leaks nothing.
 */
import { useMemo } from 'react';
import { DoubleSide, PlaneGeometry, type Texture } from 'three';
import { radialGradientTexture } from './gradient-texture';

let shadowTexture: Texture | null = null;
function texture(): Texture | null {
  shadowTexture ??= radialGradientTexture({
    from: [64, 64, 0],
    to: [64, 64, 64],
    stops: [
      [0, 'rgba(0,0,0,0.55)'],
      [0.55, 'rgba(0,0,0,0.25)'],
      [1, 'rgba(0,0,0,0)'],
    ],
  });
  return shadowTexture;
}

const plane = new PlaneGeometry(1, 1).rotateX(-Math.PI / 2);

export function GroundShadow({ centre, footprint, y }: { centre: [number, number]; footprint: [number, number]; y: number }) {
  const map = useMemo(() => texture(), []);
  if (!map) return null;
  return (
    <mesh geometry={plane} position={[centre[0], y, centre[1]]} scale={[footprint[0] * 1.4, 1, footprint[1] * 1.4]} renderOrder={-1}>
      <meshBasicMaterial map={map} transparent depthWrite={false} side={DoubleSide} toneMapped={false} />
    </mesh>
  );
}
