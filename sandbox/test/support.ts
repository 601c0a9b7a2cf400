/** Helpers shared by the sandbox's tests: a tiny HTTP client, fixtures and glTF inspection. */
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { NodeIO, type Document } from '@gltf-transform/core';
import type { RunningSandbox, SandboxKey } from '../index';

const require = createRequire(import.meta.url);
// gltf-validator ships without types.
const validator = require('gltf-validator') as {
  validateBytes(data: Uint8Array, options?: { maxIssues?: number }): Promise<{ issues: { numErrors: number; messages: { code: string; message: string; severity: number }[] }; info?: { totalTriangleCount?: number } }>;
};

export async function validateGlb(bytes: Uint8Array): Promise<{ errors: number; messages: string[]; triangles: number | undefined }> {
  const report = await validator.validateBytes(bytes, { maxIssues: 50 });
  return {
    errors: report.issues.numErrors,
    messages: report.issues.messages.filter((m) => m.severity === 0).map((m) => `${m.code}: ${m.message}`),
    triangles: report.info?.totalTriangleCount,
  };
}

export async function readGlb(bytes: Uint8Array): Promise<Document> {
  return new NodeIO().readBinary(bytes);
}

export function triangles(doc: Document): number {
  let n = 0;
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) n += (prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')!.getCount()) / 3;
  }
  return n;
}

export async function textureSizes(doc: Document): Promise<{ width: number; height: number }[]> {
  return Promise.all(
    doc
      .getRoot()
      .listTextures()
      .map(async (t) => {
        const meta = await sharp(Buffer.from(t.getImage()!)).metadata();
        return { width: meta.width!, height: meta.height! };
      }),
  );
}

export async function pngFixture(width = 64, height = 48, colour = { r: 200, g: 60, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

export function client(sandbox: RunningSandbox, key: SandboxKey = sandbox.keys[0]!) {
  const auth = { 'x-client-id': key.clientId, 'x-client-secret': key.clientSecret };
  return {
    auth,
    async post(path: string, body: unknown) {
      const res = await fetch(`${sandbox.baseUrl}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = res.headers.get('content-type')?.includes('json');
      const bytes = Buffer.from(await res.arrayBuffer());
      return { status: res.status, type: res.headers.get('content-type'), body: (json ? JSON.parse(bytes.toString('utf8')) : {}) as Record<string, unknown>, bytes };
    },
    async form(path: string, parts: Record<string, string | { bytes: Buffer; name: string } | undefined>) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(parts)) {
        if (v === undefined) continue;
        if (typeof v === 'string') fd.append(k, v);
        else fd.append(k, new Blob([new Uint8Array(v.bytes)]), v.name);
      }
      const res = await fetch(`${sandbox.baseUrl}${path}`, { method: 'POST', headers: auth, body: fd });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    async job(id: string) {
      const res = await fetch(`${sandbox.baseUrl}/jobs/${id}`, { headers: auth });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    /** Polls until the job ends; returns the final resource. */
    async waitFor(id: string, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { body } = await this.job(id);
        if (['success', 'error', 'completed', 'failed'].includes(String(body.status))) return body;
        if (Date.now() > deadline) throw new Error(`job ${id} did not finish: ${JSON.stringify(body)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async download(id: string, format: 'glb' | 'png') {
      const res = await fetch(`${sandbox.storageUrl}/jobs/${id}.${format}`);
      return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
    },
  };
}
