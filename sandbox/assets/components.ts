/**
 * Connected components of a triangle mesh (union-find over shared vertices),
 * used to split models that carry no part list of their own.
 */
import type { Document, Node, Primitive } from '@gltf-transform/core';

/** Triangle indices grouped by component, largest first. */
export function triangleComponents(indices: ArrayLike<number>, vertexCount: number): number[][] {
  const parent = new Int32Array(vertexCount);
  for (let i = 0; i < vertexCount; i++) parent[i] = i;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[ra] = rb;
  };
  for (let t = 0; t < indices.length; t += 3) {
    union(indices[t]!, indices[t + 1]!);
    union(indices[t]!, indices[t + 2]!);
  }
  const groups = new Map<number, number[]>();
  for (let t = 0; t < indices.length / 3; t++) {
    const root = find(indices[t * 3]!);
    let g = groups.get(root);
    if (!g) groups.set(root, (g = []));
    g.push(t);
  }
  return [...groups.values()].sort((a, b) => b.length - a.length);
}

/** A new node holding the given triangles of a primitive (vertices remapped, every attribute kept). */
export function nodeFromTriangles(doc: Document, prim: Primitive, triangles: readonly number[], name: string): Node {
  const buffer = doc.getRoot().listBuffers()[0]!;
  const src = prim.getIndices()?.getArray();
  const at = (i: number) => (src ? src[i]! : i);
  const remap = new Map<number, number>();
  const order: number[] = [];
  const local = new Uint32Array(triangles.length * 3);
  triangles.forEach((t, k) => {
    for (let c = 0; c < 3; c++) {
      const v = at(t * 3 + c);
      let n = remap.get(v);
      if (n === undefined) {
        n = order.length;
        remap.set(v, n);
        order.push(v);
      }
      local[k * 3 + c] = n;
    }
  });
  const out = doc.createPrimitive().setMaterial(prim.getMaterial());
  for (const semantic of prim.listSemantics()) {
    const acc = prim.getAttribute(semantic)!;
    const size = acc.getElementSize();
    const arr = acc.getArray()!;
    const next = new (arr.constructor as new (n: number) => typeof arr)(order.length * size);
    order.forEach((v, i) => {
      for (let k = 0; k < size; k++) next[i * size + k] = arr[v * size + k]!;
    });
    out.setAttribute(semantic, doc.createAccessor().setType(acc.getType()).setArray(next).setNormalized(acc.getNormalized()).setBuffer(buffer));
  }
  const indices = order.length > 65535 ? local : Uint16Array.from(local);
  out.setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer));
  return doc.createNode(name).setMesh(doc.createMesh(name).addPrimitive(out));
}
