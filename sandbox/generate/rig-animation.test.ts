import { describe, expect, it } from 'vitest';
import { RETARGET_PRESETS } from '../../shared/api';
import { addClip, motionForPrompt, MOTIONS } from './animation';
import { fromGlb, modelDocument, newDocument, toGlb } from './gltf';
import { buildMesh } from './mesh-builder';
import { addSkeleton, rigDocument } from './rig';
import { shapeParts } from './shapes';
import { validateGlb } from '../test/support';

async function riggedHumanoid(tPose: boolean) {
  const doc = modelDocument(buildMesh(shapeParts('humanoid', 'blue', { tPose }), 2_000), { name: 'humanoid', texturePng: null });
  const skeleton = rigDocument(doc, { tPose });
  return { doc, skeleton };
}

describe('auto-rig', () => {
  it('adds a 15-joint skin whose weights are valid for every vertex', async () => {
    const { doc, skeleton } = await riggedHumanoid(true);
    const skin = doc.getRoot().listSkins()[0]!;
    expect(skin.listJoints().map((j) => j.getName())).toEqual(skeleton.defs.map((d) => d.name));
    const prim = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!;
    const weights = prim.getAttribute('WEIGHTS_0')!.getArray()!;
    for (let i = 0; i < weights.length; i += 4) expect(weights[i]! + weights[i + 1]! + weights[i + 2]! + weights[i + 3]!).toBeCloseTo(1, 6);
    const report = await validateGlb(await toGlb(doc));
    expect(report.messages).toEqual([]);
  });

  it('binds the vertices of a hand to the hand and of the head to the head', async () => {
    const { doc, skeleton } = await riggedHumanoid(true);
    const prim = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!;
    const pos = prim.getAttribute('POSITION')!.getArray()!;
    const joints = prim.getAttribute('JOINTS_0')!.getArray()!;
    const names = skeleton.defs.map((d) => d.name);
    let top = 0;
    for (let v = 1; v < pos.length / 3; v++) if (pos[v * 3 + 1]! > pos[top * 3 + 1]!) top = v;
    expect(names[joints[top * 4]!]).toBe('head');
    let left = 0;
    for (let v = 1; v < pos.length / 3; v++) if (pos[v * 3]! > pos[left * 3]!) left = v;
    expect(names[joints[left * 4]!]).toMatch(/^left(Hand|LowerArm)$/);
  });
});

describe('animation clips', () => {
  it('every retarget preset has a motion', () => {
    for (const preset of RETARGET_PRESETS) expect(MOTIONS[preset], preset).toBeDefined();
  });

  it('clips carry the preset name; in-place clips have no root translation channel', async () => {
    const doc = newDocument();
    doc.createScene('scene');
    const skeleton = addSkeleton(doc, 0, null);
    for (const preset of RETARGET_PRESETS) addClip(doc, skeleton.byName, preset, preset);
    addClip(doc, skeleton.byName, 'walk-in-place', 'walk', { inPlace: true });
    const read = await fromGlb(await toGlb(doc));
    const anims = read.getRoot().listAnimations();
    expect(anims.map((a) => a.getName())).toEqual([...RETARGET_PRESETS, 'walk-in-place']);
    const hasRootMotion = (name: string) =>
      anims.find((a) => a.getName() === name)!.listChannels().some((c) => c.getTargetPath() === 'translation' && c.getTargetNode()?.getName() === 'hips');
    expect(hasRootMotion('walk')).toBe(true);
    expect(hasRootMotion('walk-in-place')).toBe(false);
    expect((await validateGlb(await toGlb(doc))).messages).toEqual([]);
  });

  it('motion words in a prompt choose the motion', () => {
    expect(motionForPrompt('a slow zombie shuffle')).toBe('zombie-walk');
    expect(motionForPrompt('waves hello')).toBe('wave');
    expect(motionForPrompt('standing still')).toBe('idle');
  });
});
