/** Inside the Canvas: registers the viewport's renderer, scene and camera as the picture source. */
import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { Vector3 } from 'three';
import { setCaptureHost } from './capture-host';

export function CaptureBridge() {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);
  const controls = useThree((s) => s.controls) as { target?: Vector3 } | null;
  const invalidate = useThree((s) => s.invalidate);
  useEffect(
    () => setCaptureHost({ gl, scene, camera, target: () => controls?.target ?? new Vector3(), invalidate }),
    [gl, scene, camera, controls, invalidate],
  );
  return null;
}
