/**
 * The OBJ text of the meshes `toThree` makes (./formats.ts): the same lines,
 * numbers and face indices as three's OBJExporter (a test holds the two
 * byte-equal), written into 1 MB pieces of bytes as it goes instead of one
 * string.
 *
 * Why: OBJExporter appends every line to one string. For the 500k-triangle
 * sandbox model that string and its pieces took over 300 MB of the checking
 * thread's heap, the largest part of the app's peak memory while exporting,
 * where these pieces hold the text once (about 50 MB) and a line at a time.
 *
 * Only what `toThree` builds is handled: meshes with a position, and
 * optionally a normal, a UV and an index (no lines, points or vertex colours).
 */
import type * as Three3 from 'three';
import type { BufferAttribute, Group, Mesh } from 'three';

type Three = typeof Three3;

const PIECE_CHARS = 1 << 20;

export function objText(three: Three, group: Group, header: string): Uint8Array {
  const pieces: Buffer[] = [];
  let text = header;
  const emit = (line: string) => {
    text += line;
    if (text.length >= PIECE_CHARS) {
      pieces.push(Buffer.from(text, 'utf8'));
      text = '';
    }
  };
  const vertex = new three.Vector3();
  const normal = new three.Vector3();
  const uv = new three.Vector2();
  const normalMatrix = new three.Matrix3();
  // OBJ indices count from 1 across the whole file.
  let vertexBase = 0;
  let uvBase = 0;
  let normalBase = 0;
  group.traverse((object) => {
    if (!(object as Mesh).isMesh) return;
    const mesh = object as Mesh;
    const geometry = mesh.geometry;
    const positions = geometry.getAttribute('position');
    const normals = geometry.getAttribute('normal');
    const uvs = geometry.getAttribute('uv') as BufferAttribute | undefined;
    const index = geometry.getIndex();
    const material = mesh.material as { name?: string } | undefined;
    emit(`o ${mesh.name}\n`);
    if (material?.name) emit(`usemtl ${material.name}\n`);
    const vertices = positions ? positions.count : 0;
    for (let i = 0; i < vertices; i++) {
      vertex.fromBufferAttribute(positions!, i).applyMatrix4(mesh.matrixWorld);
      emit(`v ${vertex.x} ${vertex.y} ${vertex.z}\n`);
    }
    const uvCount = uvs ? uvs.count : 0;
    for (let i = 0; i < uvCount; i++) {
      uv.fromBufferAttribute(uvs!, i);
      emit(`vt ${uv.x} ${uv.y}\n`);
    }
    const normalCount = normals ? normals.count : 0;
    if (normals) normalMatrix.getNormalMatrix(mesh.matrixWorld);
    for (let i = 0; i < normalCount; i++) {
      normal.fromBufferAttribute(normals!, i).applyMatrix3(normalMatrix).normalize();
      emit(`vn ${normal.x} ${normal.y} ${normal.z}\n`);
    }
    const corner = (j: number) => `${vertexBase + j}${normals || uvs ? `/${uvs ? uvBase + j : ''}${normals ? `/${normalBase + j}` : ''}` : ''}`;
    const corners = index ? index.count : vertices;
    for (let i = 0; i < corners; i += 3) {
      const at = (m: number) => (index ? index.getX(i + m) : i + m) + 1;
      emit(`f ${corner(at(0))} ${corner(at(1))} ${corner(at(2))}\n`);
    }
    vertexBase += vertices;
    uvBase += uvCount;
    normalBase += normalCount;
  });
  if (text) pieces.push(Buffer.from(text, 'utf8'));
  return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
}
