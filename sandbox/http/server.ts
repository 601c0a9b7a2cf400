/**
 * The sandbox's HTTP face: the service API under `/api`, public assets under
 * `/storage`, and an inspection API for tests under `/__sandbox` (loopback only,
 * with the browser shell's Host and Origin rules: shared/http/local-guard.ts).
 *
 * Order of checks on a create call: faults (latency, 500, drop-before) →
 * 401 auth → 403 coming soon → 429 burst (fault) → body parse and 422
 * validation → job references (404/403/422) → 429 concurrency cap → 402
 * credits → the job is created and charged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fs from 'node:fs';
import { z } from 'zod';
import {
  ASSET_PATH_PATTERN,
  ENDPOINTS,
  MIME_BY_FORMAT,
  assetFormatOfKind,
  assetUrl,
  checkRequest,
  withDefaults,
  type EndpointSpec,
  type FieldSpec,
  type GenerationKind,
} from '../../shared/api';
import { mergeMotion } from '../assets/produce';
import { parseChaos } from '../core/chaos';
import type { StoredJob } from '../core/job-timeline';
import type { Rejection, SandboxService } from '../core/service';
import type { KeyRecord } from '../core/state-store';
import { checkHostAndOrigin } from '../../shared/http/local-guard';
import { parseMultipart, type FileRule, type UploadedFile } from './multipart';
import { BodyTooLarge, isLoopback, readBody, sendError, sendJson, sendTruncatedAndDrop } from './respond';

export const API_PREFIX = '/api';
export const STORAGE_PREFIX = '/storage';
export const INSPECT_PREFIX = '/__sandbox';
const JSON_BODY_LIMIT = 2 * 1024 * 1024;

const POST_ROUTES = new Map<string, GenerationKind>(
  Object.values(ENDPOINTS as Record<string, EndpointSpec>)
    .filter((e) => e.method === 'POST')
    .map((e) => [e.path, e.id as GenerationKind]),
);

const uploadedFileSchema = z.custom<UploadedFile>((v) => typeof v === 'object' && v !== null && 'path' in v && 'format' in v, { error: 'must be an uploaded file.' });

export interface ServerContext {
  service: SandboxService;
  storageUrl: () => string;
  baseUrl: () => string;
}

function reject(res: ServerResponse, r: Rejection, retryAfterSeconds?: number): void {
  if (r.status === 429 && retryAfterSeconds !== undefined) {
    sendError(res, 429, r.message, { 'retry-after': String(retryAfterSeconds) });
  } else if (r.status === 402) {
    sendJson(res, 402, { available: r.available, error: 'insufficient_credits', message: r.message, required: r.required });
  } else {
    sendError(res, r.status, r.message);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createHandler(ctx: ServerContext) {
  const { service } = ctx;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const method = req.method ?? 'GET';
    const entry = { at: new Date(service.now()).toISOString(), method, path: url.pathname, clientId: null as string | null, status: 0, dropped: false };
    res.on('close', () => {
      entry.status = res.headersSent ? res.statusCode : 0;
      const { dropped, ...rest } = entry;
      service.logRequest(dropped ? entry : rest);
    });
    try {
      if (url.pathname.startsWith(INSPECT_PREFIX)) return await inspect(ctx, req, res, url);
      const latency = service.latencyMs();
      if (latency > 0) await sleep(latency);
      if (service.fault500()) {
        req.resume();
        return sendError(res, 500, 'Internal server error (sandbox fault injection). Retry with backoff.');
      }
      const drop = service.drop();
      if (drop === 'before') {
        entry.dropped = true;
        req.resume();
        res.socket?.destroy();
        return;
      }
      if (url.pathname.startsWith(`${STORAGE_PREFIX}/`)) return await storage(ctx, req, res, url, drop === 'after', entry);
      if (url.pathname.startsWith(`${API_PREFIX}/`)) return await api(ctx, req, res, url, drop === 'after', entry);
      req.resume();
      sendError(res, 404, `Cannot ${method} ${url.pathname}`);
    } catch (err) {
      service.opts.log(`unexpected error on ${method} ${url.pathname}: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) sendError(res, 500, 'Internal server error.');
      else res.destroy();
    }
  };
}

type Entry = { clientId: string | null; dropped: boolean };

async function storage(ctx: ServerContext, req: IncomingMessage, res: ServerResponse, url: URL, dropAfter: boolean, entry: Entry): Promise<void> {
  const { service } = ctx;
  req.resume();
  const match = ASSET_PATH_PATTERN.exec(url.pathname.slice(STORAGE_PREFIX.length));
  const method = req.method ?? 'GET';
  if ((method !== 'GET' && method !== 'HEAD') || !match) return sendError(res, 404, 'Not found.');
  const jobId = decodeURIComponent(match[1]!);
  const format = match[2] as 'glb' | 'png';
  const job = service.store.jobs.get(jobId);
  const notReady = () => sendError(res, 404, 'Not found: the asset is not published (yet).', { 'access-control-allow-origin': '*' });
  if (!job || assetFormatOfKind(job.kind) !== format) return notReady();
  if (service.resourceStatus(job) !== 'success') return notReady();
  const bytes = await service.asset(job).catch(() => null);
  if (!bytes || service.resourceStatus(job) !== 'success') return notReady();
  const type = format === 'glb' ? MIME_BY_FORMAT.glb : MIME_BY_FORMAT.png;
  if (dropAfter) {
    entry.dropped = true;
    return sendTruncatedAndDrop(res, 200, bytes, type);
  }
  // Truncation fault: a complete HTTP answer whose file is cut short ("an incomplete file means not ready").
  const body = service.truncating(job) ? bytes.subarray(0, Math.floor(bytes.length / 2)) : bytes;
  res.writeHead(200, { 'content-type': type, 'content-length': body.length, 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
  res.end(method === 'HEAD' ? undefined : body);
}

async function api(ctx: ServerContext, req: IncomingMessage, res: ServerResponse, url: URL, dropAfter: boolean, entry: Entry): Promise<void> {
  const { service } = ctx;
  const path = url.pathname.slice(API_PREFIX.length);
  const method = req.method ?? 'GET';
  const auth = service.authenticate(req.headers['x-client-id'], req.headers['x-client-secret']);
  if ('status' in auth) {
    req.resume();
    return reject(res, auth);
  }
  const key = auth;
  entry.clientId = key.clientId;
  const getJob = /^\/jobs\/([^/]+)$/.exec(path);
  if (method === 'GET' && getJob) {
    req.resume();
    const id = decodeURIComponent(getJob[1]!);
    const job = service.store.jobs.get(id);
    if (!job) return sendError(res, 404, `Job ${id} does not exist.`);
    if (job.clientId !== key.clientId) return sendError(res, 403, `Job ${id} belongs to another key.`);
    const body = JSON.stringify(service.resource(job));
    if (dropAfter) {
      entry.dropped = true;
      return sendTruncatedAndDrop(res, 200, body, 'application/json; charset=utf-8');
    }
    return sendJson(res, 200, JSON.parse(body));
  }
  const kind = method === 'POST' ? POST_ROUTES.get(path) : undefined;
  if (!kind) {
    req.resume();
    return sendError(res, 404, `Cannot ${method} ${url.pathname}`);
  }
  const ep = ENDPOINTS[kind] as EndpointSpec;
  if (ep.availability === 'coming-soon' && !key.earlyAccess) {
    req.resume();
    return sendError(res, 403, `${ep.method} ${ep.path} is not enabled for this key (coming soon; early access only).`);
  }
  const createsRunningJob = kind !== 'image-upload' && kind !== 'merge-motion' && kind !== 'image-edit';
  if (createsRunningJob && service.burst(key.clientId)) {
    req.resume();
    return sendError(res, 429, 'Too many requests: this key is being rate limited for a moment (sandbox fault injection). Retry shortly.', {
      'retry-after': String(Math.max(1, Math.ceil(service.chaos.burstMs / 1000))),
    });
  }

  // ---- parse and validate ----
  const parsed = await parseRequest(service, req, ep, url);
  if (!parsed.ok) return sendError(res, 422, parsed.message);
  const { values, files } = parsed;
  const cleanup = () => {
    for (const f of Object.values(files)) fs.rm(f.path, { force: true }, () => {});
  };
  const checked = checkRequest(kind, values, ep.contentType === 'multipart/form-data' ? { wire: true, file: uploadedFileSchema } : {});
  if (!checked.ok) {
    cleanup();
    return sendError(res, 422, problemMessage(checked.problems, values, ep));
  }
  const refProblem = service.checkRefs(kind, checked.values, key.clientId);
  if (refProblem) {
    cleanup();
    return reject(res, refProblem);
  }
  const admitted = service.admit(kind, checked.values, key, { countsTowardCap: createsRunningJob });
  if ('status' in admitted) {
    cleanup();
    return reject(res, admitted, admitted.status === 429 ? service.retryAfterSeconds(key.clientId) : undefined);
  }
  const genParams = withDefaults(kind, stripFiles(checked.values));
  const uploads = Object.fromEntries(Object.entries(files).map(([name, f]) => [name, { id: f.id, format: f.format, size: f.size }]));

  if (kind === 'merge-motion') {
    service.store.scheduleSave();
    const bytes = await mergeMotion(await service.sourceBytes(String(checked.values.meshRigId)), await service.sourceBytes(String(checked.values.animationOnlyId)));
    if (dropAfter) {
      entry.dropped = true;
      return sendTruncatedAndDrop(res, 200, bytes, MIME_BY_FORMAT.glb);
    }
    res.writeHead(200, { 'content-type': MIME_BY_FORMAT.glb, 'content-length': bytes.length });
    res.end(bytes);
    return;
  }

  const immediate = kind === 'image-upload' || kind === 'image-edit';
  const job = service.createJob(kind, checked.values, genParams, uploads, key, admitted.cost, { immediate });
  let body: Record<string, unknown> = { jobId: job.id };
  if (kind === 'image-upload') {
    const f = files.file!;
    body = { jobId: job.id, metaJson: { filename: f.filename, format: f.format, mimeType: f.mime, size: f.size } };
  } else if (kind === 'image-edit') {
    await service.asset(job);
    body = { jobId: job.id, status: 'success', imageUrl: assetUrl(ctx.storageUrl(), job.id, 'png') };
  }
  if (dropAfter) {
    entry.dropped = true;
    return sendTruncatedAndDrop(res, 200, JSON.stringify(body), 'application/json; charset=utf-8');
  }
  sendJson(res, 200, body);
}

/**
 * The shared checker reports a present value of the wrong type as "is
 * required"; the spec wants the message to say which field failed and why.
 */
function problemMessage(problems: { field: string; message: string }[], values: Record<string, unknown>, ep: EndpointSpec): string {
  return problems
    .map((p) => {
      const spec = (ep.fields as Record<string, FieldSpec>)[p.field];
      if (spec?.type === 'file' && values[p.field] === undefined) return `${p.field} is required.`;
      if (!spec || values[p.field] === undefined || !p.message.endsWith('is required.')) return p.message;
      const kind = spec.type === 'enum' ? `one of: ${spec.values.join(', ')}` : spec.type === 'job-ref' ? 'a job id' : spec.type === 'integer' ? 'an integer' : `a ${spec.type}`;
      return `${p.field} must be ${kind}.`;
    })
    .join(' ');
}

function stripFiles(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v && typeof v === 'object' && 'path' in v && 'format' in v) {
      const f = v as UploadedFile;
      out[k] = { filename: f.filename, format: f.format, size: f.size };
    } else out[k] = v;
  }
  return out;
}

type Parsed = { ok: true; values: Record<string, unknown>; files: Record<string, UploadedFile> } | { ok: false; message: string };

async function parseRequest(service: SandboxService, req: IncomingMessage, ep: EndpointSpec, url: URL): Promise<Parsed> {
  const fields = ep.fields as Record<string, FieldSpec>;
  const query: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.location === 'query' && url.searchParams.has(name)) query[name] = url.searchParams.get(name);
  }
  if (ep.contentType === 'multipart/form-data') {
    const type = req.headers['content-type'] ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) {
      req.resume();
      return { ok: false, message: `body: ${ep.path} expects multipart/form-data.` };
    }
    const rules: Record<string, FileRule> = {};
    for (const [name, spec] of Object.entries(fields)) if (spec.type === 'file') rules[name] = { kind: spec.accept, maxBytes: spec.maxBytes };
    const result = await parseMultipart(req, rules, (id) => service.store.uploadPath(id));
    if (!result.ok) return { ok: false, message: result.message };
    return { ok: true, values: { ...result.fields, ...result.files, ...query }, files: result.files };
  }
  let raw: Buffer;
  try {
    raw = await readBody(req, JSON_BODY_LIMIT);
  } catch (err) {
    return { ok: false, message: err instanceof BodyTooLarge ? `body: ${err.message}` : 'body: could not be read.' };
  }
  if (raw.length === 0) return { ok: true, values: { ...query }, files: {} };
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, message: 'body: not valid JSON.' };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return { ok: false, message: 'body: must be a JSON object.' };
  return { ok: true, values: { ...(json as Record<string, unknown>), ...query }, files: {} };
}

// ---- inspection API (tests in other processes) ----

async function inspect(ctx: ServerContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { service } = ctx;
  if (!isLoopback(req.socket.remoteAddress)) {
    req.resume();
    return sendError(res, 403, 'The sandbox inspection API answers only on the loopback interface.');
  }
  // It shows prompts and client ids: the browser shell's Host and Origin rules (a DNS-rebinding page is refused).
  const header = (name: string) => (Array.isArray(req.headers[name]) ? req.headers[name][0] : (req.headers[name] as string | undefined));
  const place = checkHostAndOrigin({ host: header('host'), origin: header('origin') }, req.socket.localPort ?? 0);
  if (!place.ok) {
    req.resume();
    return sendError(res, 403, `The sandbox inspection API refused this request (${place.reason}).`);
  }
  const route = `${req.method} ${url.pathname.slice(INSPECT_PREFIX.length)}`;
  if (route === 'GET /state') {
    req.resume();
    return sendJson(res, 200, inspectionState(ctx));
  }
  let body: Record<string, unknown> = {};
  try {
    const raw = await readBody(req, JSON_BODY_LIMIT);
    body = raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
  } catch {
    return sendError(res, 422, 'body: not valid JSON.');
  }
  try {
    switch (route) {
      case 'POST /balance':
        service.setBalance(String(body.clientId), Number(body.credits));
        return sendJson(res, 200, { clientId: body.clientId, balance: service.balance(String(body.clientId)) });
      case 'POST /early-access':
        service.setEarlyAccess(String(body.clientId), body.enabled === true);
        return sendJson(res, 200, { clientId: body.clientId, earlyAccess: body.enabled === true });
      case 'POST /chaos':
        service.chaos = parseChaos(typeof body.spec === 'string' ? body.spec : '');
        return sendJson(res, 200, { chaos: service.chaos });
      default:
        return sendError(res, 404, `Unknown inspection route ${route}.`);
    }
  } catch (err) {
    return sendError(res, 422, err instanceof Error ? err.message : String(err));
  }
}

export function inspectionState(ctx: ServerContext): Record<string, unknown> {
  const { service } = ctx;
  return {
    baseUrl: ctx.baseUrl(),
    storageUrl: ctx.storageUrl(),
    keys: [...service.store.keys.values()].map((k: KeyRecord) => ({
      clientId: k.clientId,
      earlyAccess: k.earlyAccess,
      balance: k.balance,
      activeJobs: service.activeJobs(k.clientId),
    })),
    jobs: service.snapshot(),
    requests: service.requests.slice(-500),
    uploadCount: service.uploadCount,
    chaos: service.chaos,
  };
}

export type { StoredJob };
