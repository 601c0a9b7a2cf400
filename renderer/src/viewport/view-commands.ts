/**
 * Keyboard and toolbar commands for the 3D view: orbit, zoom, Frame (F, fit
 * the model again from where you look) and Reset view (the first framing).
 * The key map and the camera moves are pure functions; the scene applies
 * them (ModelScene subscribes), so the canvas wrapper and the toolbar only
 * send commands.
 */
import { useEffect } from 'react';
import { Spherical, Vector3 } from 'three';

export type ViewCommand = { type: 'frame' } | { type: 'reset' } | { type: 'orbit'; azimuth: number; polar: number } | { type: 'zoom'; factor: number };

const ORBIT_STEP = Math.PI / 24;
const ZOOM_STEP = 1.15;

/** The command a key press on the focused canvas asks for, or null (the key is left to the page). */
export function commandForKey(key: string, shift = false): ViewCommand | null {
  const step = shift ? ORBIT_STEP * 3 : ORBIT_STEP;
  switch (key) {
    case 'f':
    case 'F':
      return { type: 'frame' };
    case 'Home':
      return { type: 'reset' };
    case 'ArrowLeft':
      return { type: 'orbit', azimuth: -step, polar: 0 };
    case 'ArrowRight':
      return { type: 'orbit', azimuth: step, polar: 0 };
    case 'ArrowUp':
      return { type: 'orbit', azimuth: 0, polar: -step };
    case 'ArrowDown':
      return { type: 'orbit', azimuth: 0, polar: step };
    case '+':
    case '=':
      return { type: 'zoom', factor: 1 / ZOOM_STEP };
    case '-':
    case '_':
      return { type: 'zoom', factor: ZOOM_STEP };
    default:
      return null;
  }
}

/** The camera position after orbiting around `target` (the polar angle stays off the poles, as OrbitControls keeps it). */
export function orbitPosition(position: Vector3, target: Vector3, azimuth: number, polar: number): Vector3 {
  const s = new Spherical().setFromVector3(position.clone().sub(target));
  s.theta += azimuth;
  s.phi = Math.min(Math.PI - 0.01, Math.max(0.01, s.phi + polar));
  return new Vector3().setFromSpherical(s).add(target);
}

/** The camera position after zooming toward (factor < 1) or away from `target`. */
export function zoomPosition(position: Vector3, target: Vector3, factor: number): Vector3 {
  return position.clone().sub(target).multiplyScalar(factor).add(target);
}

/** The camera position that fits a sphere of `radius` around `center`, looking along the current direction. */
export function framePosition(position: Vector3, oldTarget: Vector3, center: Vector3, radius: number, fovRadians: number): Vector3 {
  const dir = position.clone().sub(oldTarget);
  if (dir.lengthSq() < 1e-12) dir.set(0.6, 0.45, 1);
  dir.normalize();
  const distance = (Math.max(radius, 1e-3) / Math.sin(fovRadians / 2)) * 1.1;
  return center.clone().addScaledVector(dir, distance);
}

const listeners = new Set<(command: ViewCommand) => void>();

export function sendViewCommand(command: ViewCommand): void {
  for (const listener of listeners) listener(command);
}

export function useViewCommands(handler: (command: ViewCommand) => void): void {
  useEffect(() => {
    listeners.add(handler);
    return () => {
      listeners.delete(handler);
    };
  }, [handler]);
}
