/**
 * The sandbox's humanoid: one skeleton definition used both to build the
 * body (limbs are capsules between joints) and to rig any model.
 */
import type { Part, Vec3 } from './mesh-builder';
import type { Rgb } from './prompt-words';

export interface JointDef {
  name: string;
  parent: string | null;
  /** World position in the rest pose. */
  position: Vec3;
}

/** Angle (radians) the arms hang below horizontal when not in T-pose. */
export const A_POSE_ARM_DROP = (55 * Math.PI) / 180;

/** The 15-joint skeleton of a 1.8 m figure facing +Z; its left side is +X. armDrop 0 = T-pose. */
export function skeletonJoints(armDrop = 0): JointDef[] {
  const arm = (side: 1 | -1, reach: number): Vec3 => [side * (0.2 + reach * Math.cos(armDrop)), 1.45 - reach * Math.sin(armDrop), 0];
  const joints: JointDef[] = [
    { name: 'hips', parent: null, position: [0, 0.95, 0] },
    { name: 'spine', parent: 'hips', position: [0, 1.15, 0] },
    { name: 'chest', parent: 'spine', position: [0, 1.35, 0] },
    { name: 'neck', parent: 'chest', position: [0, 1.52, 0] },
    { name: 'head', parent: 'neck', position: [0, 1.65, 0] },
  ];
  for (const [side, prefix] of [
    [1, 'left'],
    [-1, 'right'],
  ] as const) {
    joints.push(
      { name: `${prefix}UpperArm`, parent: 'chest', position: arm(side, 0) },
      { name: `${prefix}LowerArm`, parent: `${prefix}UpperArm`, position: arm(side, 0.28) },
      { name: `${prefix}Hand`, parent: `${prefix}LowerArm`, position: arm(side, 0.54) },
      { name: `${prefix}UpperLeg`, parent: 'hips', position: [side * 0.1, 0.92, 0] },
      { name: `${prefix}LowerLeg`, parent: `${prefix}UpperLeg`, position: [side * 0.1, 0.5, 0] },
      { name: `${prefix}Foot`, parent: `${prefix}LowerLeg`, position: [side * 0.1, 0.08, 0] },
    );
  }
  return joints;
}

function limb(name: string, colour: Rgb, a: Vec3, b: Vec3, radius: number, weight: number): Part {
  const d: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const len = Math.hypot(d[0], d[1], d[2]);
  return {
    kind: 'superquadric',
    name,
    colour,
    center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2],
    radii: [radius, len / 2 + radius * 0.5, radius],
    e: 0.45,
    f: 1,
    axis: d,
    weight,
  };
}

export function humanoidParts(colours: readonly Rgb[], tPose: boolean): Part[] {
  const main = colours[0] ?? [150, 150, 160];
  const skin: Rgb = colours[1] ?? [225, 190, 160];
  const j = Object.fromEntries(skeletonJoints(tPose ? 0 : A_POSE_ARM_DROP).map((d) => [d.name, d.position])) as Record<string, Vec3>;
  const parts: Part[] = [
    { kind: 'superquadric', name: 'head', colour: skin, center: [0, 1.72, 0], radii: [0.1, 0.12, 0.11], e: 1, f: 1, weight: 2 },
    { kind: 'superquadric', name: 'torso', colour: main, center: [0, 1.28, 0], radii: [0.19, 0.26, 0.11], e: 0.5, f: 0.6, weight: 3 },
    { kind: 'superquadric', name: 'pelvis', colour: main, center: [0, 0.95, 0], radii: [0.17, 0.1, 0.1], e: 0.6, f: 0.7, weight: 1 },
  ];
  for (const side of ['left', 'right'] as const) {
    parts.push(
      limb(`${side}-upper-arm`, main, j[`${side}UpperArm`]!, j[`${side}LowerArm`]!, 0.05, 1),
      limb(`${side}-lower-arm`, skin, j[`${side}LowerArm`]!, j[`${side}Hand`]!, 0.04, 1),
      { kind: 'superquadric', name: `${side}-hand`, colour: skin, center: j[`${side}Hand`]!, radii: [0.045, 0.045, 0.025], e: 0.8, f: 0.8, weight: 0.5 },
      limb(`${side}-upper-leg`, main, j[`${side}UpperLeg`]!, j[`${side}LowerLeg`]!, 0.075, 1.2),
      limb(`${side}-lower-leg`, main, j[`${side}LowerLeg`]!, j[`${side}Foot`]!, 0.06, 1.2),
      { kind: 'superquadric', name: `${side}-foot`, colour: [60, 50, 45], center: [j[`${side}Foot`]![0], 0.04, 0.05], radii: [0.05, 0.04, 0.12], e: 0.3, f: 0.3, weight: 0.5 },
    );
  }
  return parts;
}
