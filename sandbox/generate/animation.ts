/**
 * Animation clips on the sandbox skeleton: the 16 retarget presets by name,
 * motions chosen from prompt words, and root motion that in-place variants leave out.
 */
import type { Document, Node } from '@gltf-transform/core';
import { type RETARGET_PRESETS } from '../../shared/api';
import { findWord } from './prompt-words';

export type MotionName = (typeof RETARGET_PRESETS)[number] | 'idle';

type Euler = [number, number, number];
interface Pose {
  rot: Record<string, Euler>;
  /** Root (hips) offset from its rest position. */
  root: [number, number, number];
}

const deg = Math.PI / 180;
const S = (p: number, k = 1) => Math.sin(2 * Math.PI * p * k);

function legs(p: number, amp: number, knee: number): Record<string, Euler> {
  return {
    leftUpperLeg: [S(p) * amp, 0, 0],
    rightUpperLeg: [-S(p) * amp, 0, 0],
    leftLowerLeg: [Math.max(0, -S(p)) * knee, 0, 0],
    rightLowerLeg: [Math.max(0, S(p)) * knee, 0, 0],
  };
}
function arms(p: number, amp: number): Record<string, Euler> {
  return { leftUpperArm: [0, S(p) * amp, 0], rightUpperArm: [0, S(p) * amp, 0] };
}

/** Each motion: duration (s) and the pose at phase p in [0, 1]. */
export const MOTIONS: Record<MotionName, { seconds: number; pose: (p: number) => Pose }> = {
  walk: { seconds: 1.2, pose: (p) => ({ rot: { ...legs(p, 25 * deg, 35 * deg), ...arms(p, 20 * deg) }, root: [0, Math.abs(S(p)) * 0.03, 1.4 * 1.2 * p] }) },
  run: { seconds: 0.7, pose: (p) => ({ rot: { ...legs(p, 45 * deg, 80 * deg), ...arms(p, 45 * deg), spine: [10 * deg, 0, 0] }, root: [0, Math.abs(S(p)) * 0.08, 3.5 * 0.7 * p] }) },
  'zombie-walk': { seconds: 2, pose: (p) => ({ rot: { ...legs(p, 15 * deg, 20 * deg), leftUpperArm: [0, -80 * deg, 0], rightUpperArm: [0, 80 * deg, 0], neck: [20 * deg, 0, S(p) * 10 * deg] }, root: [S(p) * 0.05, 0, 0.5 * 2 * p] }) },
  jump: { seconds: 1.2, pose: (p) => ({ rot: { ...legs(0.75, 30 * deg * (1 - S(p, 0.5)), 60 * deg * (1 - S(p, 0.5))), leftUpperArm: [0, 0, S(p, 0.5) * 60 * deg], rightUpperArm: [0, 0, -S(p, 0.5) * 60 * deg] }, root: [0, Math.max(0, S(p, 0.5)) * 0.6, 0.6 * p] }) },
  backflip: { seconds: 1.4, pose: (p) => ({ rot: { hips: [-360 * deg * p, 0, 0], ...legs(0.75, 40 * deg * S(p, 0.5), 80 * deg * S(p, 0.5)) }, root: [0, S(p, 0.5) * 1.0, -0.5 * p] }) },
  crouch: { seconds: 1.5, pose: (p) => ({ rot: { leftUpperLeg: [-70 * deg * S(p, 0.5), 0, 0], rightUpperLeg: [-70 * deg * S(p, 0.5), 0, 0], leftLowerLeg: [110 * deg * S(p, 0.5), 0, 0], rightLowerLeg: [110 * deg * S(p, 0.5), 0, 0], spine: [25 * deg * S(p, 0.5), 0, 0] }, root: [0, -0.35 * S(p, 0.5), 0] }) },
  climb: { seconds: 1.6, pose: (p) => ({ rot: { ...legs(p, 35 * deg, 70 * deg), leftUpperArm: [0, 0, 70 * deg + S(p) * 30 * deg], rightUpperArm: [0, 0, -70 * deg + S(p) * 30 * deg] }, root: [0, 0.8 * p, 0] }) },
  evade: { seconds: 0.8, pose: (p) => ({ rot: { spine: [0, 0, 25 * deg * S(p, 0.5)], hips: [0, 0, 10 * deg * S(p, 0.5)] }, root: [0.7 * S(p, 0.5), -0.1 * S(p, 0.5), 0] }) },
  fall: { seconds: 1.5, pose: (p) => ({ rot: { hips: [-85 * deg * Math.min(1, p * 1.5), 0, 0], leftUpperArm: [0, 0, 40 * deg * p], rightUpperArm: [0, 0, -40 * deg * p] }, root: [0, -0.8 * Math.min(1, p * 1.5), -0.4 * p] }) },
  'boxing-combination': { seconds: 1.6, pose: (p) => ({ rot: { leftUpperArm: [0, -70 * deg * Math.max(0, S(p, 2)), 0], rightUpperArm: [0, 70 * deg * Math.max(0, -S(p, 2)), 0], spine: [0, 20 * deg * S(p, 2), 0] }, root: [0, 0, 0.1 * S(p)] }) },
  'kick-football': { seconds: 1.2, pose: (p) => ({ rot: { rightUpperLeg: [-80 * deg * Math.max(0, S(p)), 0, 0], rightLowerLeg: [40 * deg * Math.max(0, -S(p)), 0, 0], leftUpperArm: [0, 0, 30 * deg * S(p)] }, root: [0, 0, 0.4 * p] }) },
  'pop-dance': { seconds: 2, pose: (p) => ({ rot: { hips: [0, 0, 12 * deg * S(p, 2)], chest: [0, 0, -12 * deg * S(p, 2)], leftUpperArm: [0, 0, 45 * deg * S(p, 4)], rightUpperArm: [0, 0, 45 * deg * S(p, 4)], head: [0, 20 * deg * S(p, 2), 0] }, root: [0.15 * S(p), 0.05 * Math.abs(S(p, 2)), 0] }) },
  reload: { seconds: 1.8, pose: (p) => ({ rot: { leftUpperArm: [0, -60 * deg, 0], rightUpperArm: [0, 60 * deg, 0], leftLowerArm: [0, -60 * deg * Math.abs(S(p)), 0], rightLowerArm: [0, 40 * deg * Math.abs(S(p)), 0], head: [20 * deg * Math.abs(S(p)), 0, 0] }, root: [0, 0, 0] }) },
  'spin-kicking': { seconds: 1.2, pose: (p) => ({ rot: { hips: [0, 360 * deg * p, 0], rightUpperLeg: [0, 0, 70 * deg * S(p, 0.5)] }, root: [0, 0.2 * S(p, 0.5), 0.3 * p] }) },
  'sword-swing': { seconds: 1.2, pose: (p) => ({ rot: { rightUpperArm: [-120 * deg * S(p, 0.5), 0, 60 * deg * S(p, 0.5)], rightLowerArm: [0, 30 * deg * S(p, 0.5), 0], spine: [0, -30 * deg * S(p, 0.5), 0] }, root: [0, 0, 0.2 * p] }) },
  wave: { seconds: 1.5, pose: (p) => ({ rot: { rightUpperArm: [0, 0, -70 * deg], rightLowerArm: [0, 0, -30 * deg + 25 * deg * S(p, 2)], head: [0, 10 * deg * S(p), 0] }, root: [0, 0, 0] }) },
  idle: { seconds: 3, pose: (p) => ({ rot: { chest: [3 * deg * S(p), 0, 0], head: [0, 8 * deg * S(p), 0], leftUpperArm: [0, 0, -3 * deg * S(p)], rightUpperArm: [0, 0, 3 * deg * S(p)] }, root: [0, 0.01 * S(p), 0] }) },
};

const MOTION_WORDS: Record<string, MotionName> = {
  walk: 'walk',
  stroll: 'walk',
  run: 'run',
  sprint: 'run',
  jog: 'run',
  jump: 'jump',
  hop: 'jump',
  backflip: 'backflip',
  flip: 'backflip',
  crouch: 'crouch',
  sneak: 'crouch',
  climb: 'climb',
  dodge: 'evade',
  evade: 'evade',
  fall: 'fall',
  punch: 'boxing-combination',
  box: 'boxing-combination',
  boxing: 'boxing-combination',
  kick: 'kick-football',
  dance: 'pop-dance',
  reload: 'reload',
  spin: 'spin-kicking',
  sword: 'sword-swing',
  slash: 'sword-swing',
  swing: 'sword-swing',
  wave: 'wave',
  greet: 'wave',
  zombie: 'zombie-walk',
};

export function motionForPrompt(prompt: string): MotionName {
  return findWord(prompt, MOTION_WORDS) ?? 'idle';
}

function quatFromEuler([x, y, z]: Euler): [number, number, number, number] {
  const cx = Math.cos(x / 2);
  const sx = Math.sin(x / 2);
  const cy = Math.cos(y / 2);
  const sy = Math.sin(y / 2);
  const cz = Math.cos(z / 2);
  const sz = Math.sin(z / 2);
  // XYZ order.
  return [sx * cy * cz + cx * sy * sz, cx * sy * cz - sx * cy * sz, cx * cy * sz + sx * sy * cz, cx * cy * cz - sx * sy * sz];
}

/**
 * Adds a clip named `name` animating the joints found in `joints` (by name).
 * `inPlace` leaves out the root translation channel (no root motion).
 */
export function addClip(doc: Document, joints: Map<string, Node>, name: string, motion: MotionName, options: { inPlace?: boolean; scale?: number } = {}): void {
  const def = MOTIONS[motion];
  const frames = 24;
  const times = new Float32Array(frames + 1);
  for (let i = 0; i <= frames; i++) times[i] = (def.seconds * i) / frames;
  const poses = Array.from(times, (t) => def.pose(t / def.seconds));
  const buffer = doc.getRoot().listBuffers()[0] ?? doc.createBuffer('main');
  const input = doc.createAccessor(`${name}-time`).setType('SCALAR').setArray(times).setBuffer(buffer);
  const anim = doc.createAnimation(name);
  const rotated = new Set<string>();
  for (const p of poses) for (const j of Object.keys(p.rot)) rotated.add(j);
  for (const jointName of rotated) {
    const node = joints.get(jointName);
    if (!node) continue;
    const out = new Float32Array((frames + 1) * 4);
    poses.forEach((p, i) => out.set(quatFromEuler(p.rot[jointName] ?? [0, 0, 0]), i * 4));
    const sampler = doc.createAnimationSampler().setInput(input).setOutput(doc.createAccessor().setType('VEC4').setArray(out).setBuffer(buffer)).setInterpolation('LINEAR');
    anim.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath('rotation').setSampler(sampler));
  }
  const hips = joints.get('hips');
  if (hips && !options.inPlace) {
    const base = hips.getTranslation();
    const scale = options.scale ?? 1;
    const out = new Float32Array((frames + 1) * 3);
    poses.forEach((p, i) => out.set([base[0] + p.root[0] * scale, base[1] + p.root[1] * scale, base[2] + p.root[2] * scale], i * 3));
    const sampler = doc.createAnimationSampler().setInput(input).setOutput(doc.createAccessor().setType('VEC3').setArray(out).setBuffer(buffer)).setInterpolation('LINEAR');
    anim.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(hips).setTargetPath('translation').setSampler(sampler));
  }
}

/** Copies every animation of `from` onto the nodes of `to` with the same names (merge motion and model). */
export function copyAnimations(from: Document, to: Document): number {
  const targets = new Map(to.getRoot().listNodes().map((n) => [n.getName(), n]));
  const buffer = to.getRoot().listBuffers()[0] ?? to.createBuffer('main');
  let copied = 0;
  for (const src of from.getRoot().listAnimations()) {
    const anim = to.createAnimation(src.getName());
    for (const ch of src.listChannels()) {
      const node = ch.getTargetNode();
      const target = node && targets.get(node.getName());
      const s = ch.getSampler();
      const input = s?.getInput()?.getArray();
      const output = s?.getOutput();
      if (!target || !s || !input || !output?.getArray()) continue;
      const path = ch.getTargetPath()!;
      let values = output.getArray()!.slice();
      if (path === 'translation' && node) {
        // Root motion keeps the target skeleton's own rest offset.
        const delta = node.getTranslation();
        const base = target.getTranslation();
        for (let i = 0; i < values.length; i += 3) for (let k = 0; k < 3; k++) values[i + k] = values[i + k]! - delta[k]! + base[k]!;
        values = values as typeof values;
      }
      const sampler = to
        .createAnimationSampler()
        .setInput(to.createAccessor().setType('SCALAR').setArray(input.slice()).setBuffer(buffer))
        .setOutput(to.createAccessor().setType(output.getType()).setArray(values).setBuffer(buffer))
        .setInterpolation(s.getInterpolation());
      anim.addSampler(sampler).addChannel(to.createAnimationChannel().setTargetNode(target).setTargetPath(path).setSampler(sampler));
      copied++;
    }
  }
  return copied;
}
