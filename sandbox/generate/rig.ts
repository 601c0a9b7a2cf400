/**
 * Auto-rig: adds the sandbox skeleton, fitted to the model's bounds, and a
 * skin (each vertex bound to its nearest bone) to every mesh of a document.
 */
import type { Document, Node } from '@gltf-transform/core';
import { A_POSE_ARM_DROP, skeletonJoints, type JointDef } from './humanoid';
import type { Vec3 } from './mesh-builder';

export interface Skeleton {
  root: Node;
  joints: Node[];
  byName: Map<string, Node>;
  defs: JointDef[];
}

/** Figure height of the skeleton definition (head top), used to fit it to a model. */
const FIGURE_HEIGHT = 1.84;

export function modelBounds(doc: Document): { min: Vec3; max: Vec3 } | null {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const pos = prim.getAttribute('POSITION')?.getArray();
      if (!pos) continue;
      for (let i = 0; i < pos.length; i += 3) {
        for (let k = 0; k < 3; k++) {
          const v = pos[i + k]!;
          if (v < min[k]!) min[k] = v;
          if (v > max[k]!) max[k] = v;
        }
      }
    }
  }
  return Number.isFinite(min[0]) ? { min, max } : null;
}

/** Creates the joint nodes, scaled and placed to fit `bounds` (or at figure size), under the scene. */
export function addSkeleton(doc: Document, armDrop: number, bounds: { min: Vec3; max: Vec3 } | null): Skeleton {
  const scale = bounds ? Math.max(1e-3, (bounds.max[1] - bounds.min[1]) / FIGURE_HEIGHT) : 1;
  const offset: Vec3 = bounds ? [(bounds.min[0] + bounds.max[0]) / 2, bounds.min[1], (bounds.min[2] + bounds.max[2]) / 2] : [0, 0, 0];
  const defs = skeletonJoints(armDrop).map((d) => ({
    ...d,
    position: [offset[0] + d.position[0] * scale, offset[1] + d.position[1] * scale, offset[2] + d.position[2] * scale] as Vec3,
  }));
  const byName = new Map<string, Node>();
  const positions = new Map(defs.map((d) => [d.name, d.position]));
  let root: Node | undefined;
  for (const d of defs) {
    const parentPos = d.parent ? positions.get(d.parent)! : ([0, 0, 0] as Vec3);
    const node = doc.createNode(d.name).setTranslation([d.position[0] - parentPos[0], d.position[1] - parentPos[1], d.position[2] - parentPos[2]]);
    byName.set(d.name, node);
    if (d.parent) byName.get(d.parent)!.addChild(node);
    else root = node;
  }
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0] ?? doc.createScene('scene');
  scene.addChild(root!);
  return { root: root!, joints: defs.map((d) => byName.get(d.name)!), byName, defs };
}

function distanceToSegment(p: Vec3, a: Vec3, b: Vec3): number {
  const ab: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const ap: Vec3 = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
  const len2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
  const t = len2 > 0 ? Math.max(0, Math.min(1, (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / len2)) : 0;
  return Math.hypot(ap[0] - ab[0] * t, ap[1] - ab[1] * t, ap[2] - ab[2] * t);
}

/** Rigs every mesh in the document. Mesh nodes are expected at the scene root without transforms (as the sandbox writes them). */
export function rigDocument(doc: Document, options: { tPose?: boolean } = {}): Skeleton {
  const bounds = modelBounds(doc);
  const skeleton = addSkeleton(doc, options.tPose === false ? A_POSE_ARM_DROP : 0, bounds);
  const { defs, joints } = skeleton;
  const buffer = doc.getRoot().listBuffers()[0] ?? doc.createBuffer('main');
  const ibm = new Float32Array(16 * defs.length);
  defs.forEach((d, i) => {
    ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -d.position[0], -d.position[1], -d.position[2], 1], i * 16);
  });
  const skin = doc
    .createSkin('skin')
    .setSkeleton(skeleton.root)
    .setInverseBindMatrices(doc.createAccessor('inverse-bind-matrices').setType('MAT4').setArray(ibm).setBuffer(buffer));
  for (const j of joints) skin.addJoint(j);
  // Bones: each joint to its first child; end joints are points.
  const children = new Map<string, JointDef>();
  for (const d of defs) if (d.parent && !children.has(d.parent)) children.set(d.parent, d);
  // End joints (head, hands, feet) get a bone continuing their parent's direction, so their tips bind to them.
  const byName = new Map(defs.map((d) => [d.name, d]));
  const bones = defs.map((d) => {
    const child = children.get(d.name);
    if (child) return { a: d.position, b: child.position };
    const parent = d.parent ? byName.get(d.parent)! : d;
    const dir: Vec3 = [d.position[0] - parent.position[0], d.position[1] - parent.position[1], d.position[2] - parent.position[2]];
    const len = Math.hypot(dir[0], dir[1], dir[2]) || 1;
    const tip = Math.max(0.1 * (bounds ? (bounds.max[1] - bounds.min[1]) / FIGURE_HEIGHT : 1), len);
    return { a: d.position, b: [d.position[0] + (dir[0] / len) * tip, d.position[1] + (dir[1] / len) * tip, d.position[2] + (dir[2] / len) * tip] as Vec3 };
  });
  const n = defs.length;
  const p: Vec3 = [0, 0, 0];
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    for (const prim of mesh.listPrimitives()) {
      const pos = prim.getAttribute('POSITION')?.getArray();
      if (!pos) continue;
      const count = pos.length / 3;
      const jointsArr = new Uint16Array(count * 4);
      const weights = new Float32Array(count * 4);
      for (let v = 0; v < count; v++) {
        p[0] = pos[v * 3]!;
        p[1] = pos[v * 3 + 1]!;
        p[2] = pos[v * 3 + 2]!;
        let best = 0;
        let bestD = Infinity;
        for (let b = 0; b < n; b++) {
          const dist = distanceToSegment(p, bones[b]!.a, bones[b]!.b);
          if (dist < bestD) {
            bestD = dist;
            best = b;
          }
        }
        // One bone with full weight; unused slots are joint 0 with weight 0.
        jointsArr[v * 4] = best;
        weights[v * 4] = 1;
      }
      prim.setAttribute('JOINTS_0', doc.createAccessor().setType('VEC4').setArray(jointsArr).setBuffer(buffer));
      prim.setAttribute('WEIGHTS_0', doc.createAccessor().setType('VEC4').setArray(weights).setBuffer(buffer));
    }
    node.setSkin(skin);
  }
  return skeleton;
}

/** Finds the sandbox skeleton's joints in a document by name. */
export function findJoints(doc: Document): Map<string, Node> {
  const names = new Set(skeletonJoints().map((d) => d.name));
  const out = new Map<string, Node>();
  for (const node of doc.getRoot().listNodes()) if (names.has(node.getName())) out.set(node.getName(), node);
  return out;
}
