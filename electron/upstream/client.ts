/**
 * The client of the Asset Generation Service: one method per kind of call,
 * everything about endpoints read from the catalogue in shared/api. It signs
 * requests with the key's credentials (fetched just in time, never stored),
 * refuses anything the catalogue rejects before a byte leaves the app, and
 * turns every failure into an UpstreamError that says whether a job may exist.
 */
import { z } from 'zod';
import {
  ENDPOINTS,
  assetUrl,
  checkRequest,
  createJobResponseSchema,
  fieldLocation,
  imageEditResponseSchema,
  imageUploadResponseSchema,
  jobResourceSchema,
  sentFields,
  type AssetFormat,
  type FieldSpec,
  type GenerationKind,
  type JobResource,
} from '../../shared/api';
import type { Credentials } from '../services/contracts';
import { UpstreamError, errorFromResponse, unexpectedResponse } from './errors';
import { send, TransportError, type RawResponse } from './http';
import { encodeMultipart, isFilePart, type FilePart, type MultipartValue } from './multipart';

export interface UpstreamTarget {
  baseUrl: string;
  storageUrl: string;
  /** Called for every request; the secret is never kept by the client. */
  credentials(): Credentials | undefined;
  /** Coming-soon endpoints are enabled for this key. */
  earlyAccess: boolean;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Idle deadline (nothing moving either way), not a total one: see RawRequest.idleMs. */
  idleMs?: number;
}

export interface CreateOptions extends CallOptions {
  /** Merge answers with a GLB: where to stream it. */
  glbTo?: string;
}

export interface CreateResult {
  /** Absent only for the synchronous merge. */
  jobId?: string;
  metaJson?: Record<string, unknown> | null;
  /** The full parsed answer (image edit may carry its result inline). */
  response?: Record<string, unknown>;
  /** Merge: the GLB written to `glbTo`. */
  glb?: { path: string; bytes: number };
}

/**
 * Idle deadlines per kind of call (nothing moving for this long ends the call): a 20 MB upload on a slow
 * line keeps moving and lives; a service that accepts connections and never answers is noticed.
 */
export const DEFAULT_TIMEOUTS = { create: 60_000, poll: 20_000, download: 60_000 } as const;

/** A file field's value as the client takes it: a local file to stream. */
export const filePartSchema = z.custom<FilePart>((v) => isFilePart(v), { message: 'must be a file' });

function jsonOf(res: RawResponse): { ok: true; value: unknown } | { ok: false } {
  const text = res.body.toString('utf8');
  if (!text.trim()) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function wireValue(spec: FieldSpec | undefined, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (spec?.type === 'object' || spec?.type === 'array' || typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function transportToUpstream(err: TransportError, what: string, post: boolean): UpstreamError {
  const outcome = post && err.phase !== 'before-send' ? 'unknown' : 'not-created';
  const kind = err.reason === 'network' ? 'network' : err.reason;
  const detail = err.code ? `${err.code}: ${err.message}` : err.message;
  const message =
    outcome === 'unknown'
      ? `The connection ended after the request was sent (${detail}); the service may have created the job. Resend or dismiss it.`
      : kind === 'network'
        ? `Cannot reach the service for ${what} (${detail}). It is tried again when the connection is back.`
        : kind === 'timeout'
          ? `The service is not answering ${what} (${detail}). It is tried again later.`
          : `${what}: cancelled.`;
  return new UpstreamError(message, { kind, outcome, cause: err });
}

export class UpstreamClient {
  constructor(
    private readonly target: UpstreamTarget,
    private readonly timeouts: { create: number; poll: number; download: number } = DEFAULT_TIMEOUTS,
  ) {}

  private authHeaders(): Record<string, string> {
    const creds = this.target.credentials();
    if (!creds) {
      throw new UpstreamError('This key has no secret stored. Enter the client secret in Settings.', { kind: 'http', outcome: 'not-created', status: 401 });
    }
    return { 'x-client-id': creds.clientId, 'x-client-secret': creds.clientSecret };
  }

  private url(path: string, query?: URLSearchParams): string {
    const base = this.target.baseUrl.replace(/\/+$/, '');
    const q = query && [...query.keys()].length ? `?${query.toString()}` : '';
    return `${base}${path}${q}`;
  }

  /** Refuses what the catalogue refuses; coming-soon endpoints only for early-access keys. */
  check(kind: GenerationKind, values: Record<string, unknown>): Record<string, unknown> {
    const ep = ENDPOINTS[kind];
    if (ep.availability === 'coming-soon' && !this.target.earlyAccess) {
      throw new UpstreamError(`${ep.label} is coming soon and not enabled for this key. Turn on early access for the key in Settings if the service enabled it for you.`, {
        kind: 'http',
        outcome: 'not-created',
      });
    }
    const checked = checkRequest(kind, values, { file: filePartSchema });
    if (!checked.ok) {
      throw new UpstreamError(`Not sent: ${checked.message}`, { kind: 'http', outcome: 'not-created', field: checked.problems[0]?.field, body: checked.problems });
    }
    return checked.values;
  }

  async create(kind: GenerationKind, values: Record<string, unknown>, options: CreateOptions = {}): Promise<CreateResult> {
    const ep = ENDPOINTS[kind];
    const checked = this.check(kind, values);
    const query = new URLSearchParams();
    const json: Record<string, unknown> = {};
    const form: [string, MultipartValue][] = [];
    for (const [name, spec] of sentFields(kind)) {
      const value = checked[name];
      if (value === undefined) continue;
      const location = fieldLocation(kind, name);
      if (location === 'query') query.set(name, wireValue(spec, value));
      else if (location === 'form') form.push([name, isFilePart(value) ? value : wireValue(spec, value)]);
      else json[name] = value;
    }
    const headers = { ...this.authHeaders(), accept: ep.response === 'glb' ? 'model/gltf-binary, application/json' : 'application/json' };
    const body = ep.contentType === 'multipart/form-data' ? encodeMultipart(form) : Buffer.from(JSON.stringify(json), 'utf8');
    if (Buffer.isBuffer(body)) (headers as Record<string, string>)['content-type'] = 'application/json';

    let res: RawResponse;
    try {
      res = await send({
        url: this.url(ep.path, query),
        method: 'POST',
        headers,
        body,
        signal: options.signal,
        idleMs: options.idleMs ?? this.timeouts.create,
        toFile: ep.response === 'glb' ? options.glbTo : undefined,
      });
    } catch (err) {
      if (err instanceof TransportError) throw transportToUpstream(err, ep.label, true);
      throw err;
    }
    return this.readCreate(kind, res, options);
  }

  private readCreate(kind: GenerationKind, res: RawResponse, options: CreateOptions): CreateResult {
    const ep = ENDPOINTS[kind];
    if (res.status < 200 || res.status >= 300) throw this.httpError(kind, res);
    if (ep.response === 'glb') {
      if (options.glbTo && res.fileBytes !== undefined && /gltf-binary|octet-stream/i.test(res.contentType ?? '')) {
        return { glb: { path: options.glbTo, bytes: res.fileBytes } };
      }
      throw unexpectedResponse(`${ep.label} should answer with a GLB`, res.status, res.contentType, res.body.toString('utf8'), 'unknown');
    }
    const parsedJson = jsonOf(res);
    const schema = ep.response === 'job-with-meta' ? imageUploadResponseSchema : ep.response === 'job-inline' ? imageEditResponseSchema : createJobResponseSchema;
    const parsed = parsedJson.ok ? schema.safeParse(parsedJson.value) : undefined;
    if (!parsed?.success) {
      // A 2xx without a readable job id: the job may well exist, so this is an unknown outcome.
      throw unexpectedResponse(`${ep.label} should answer with a job id`, res.status, res.contentType, res.body.toString('utf8'), 'unknown');
    }
    const value = parsed.data as Record<string, unknown> & { jobId: string; metaJson?: Record<string, unknown> | null };
    return { jobId: value.jobId, metaJson: value.metaJson, response: value };
  }

  private httpError(kind: GenerationKind | 'get-job', res: RawResponse): UpstreamError {
    const parsed = jsonOf(res);
    if (!parsed.ok && res.status !== 429 && res.status < 500) {
      const err = errorFromResponse(kind, res.status, undefined, res.headers);
      const text = res.body.toString('utf8').slice(0, 200).replace(/\s+/g, ' ').trim();
      return new UpstreamError(`${err.message} The answer was not JSON (content type ${res.contentType || 'none'}${text ? `: ${text}` : ', empty'}).`, {
        kind: 'http',
        outcome: 'not-created',
        status: res.status,
        body: text,
        field: err.field,
      });
    }
    return errorFromResponse(kind, res.status, parsed.ok ? parsed.value : res.body.toString('utf8').slice(0, 200), res.headers);
  }

  /** GET /jobs/{jobId}, read tolerantly (legacy statuses mapped, unknown fields ignored). */
  async getJob(jobId: string, options: CallOptions = {}): Promise<JobResource> {
    let res: RawResponse;
    try {
      res = await send({
        url: this.url(ENDPOINTS['get-job'].path.replace('{jobId}', encodeURIComponent(jobId))),
        method: 'GET',
        headers: { ...this.authHeaders(), accept: 'application/json' },
        signal: options.signal,
        idleMs: options.idleMs ?? this.timeouts.poll,
      });
    } catch (err) {
      if (err instanceof TransportError) throw transportToUpstream(err, 'the job status', false);
      throw err;
    }
    if (res.status < 200 || res.status >= 300) throw this.httpError('get-job', res);
    const json = jsonOf(res);
    const parsed = json.ok ? jobResourceSchema.safeParse(json.value) : undefined;
    if (!parsed?.success) {
      throw unexpectedResponse('a job status', res.status, res.contentType, res.body.toString('utf8'), 'not-created');
    }
    return parsed.data;
  }

  /**
   * The public asset URL of a job: no credentials. A 404 means "not ready yet".
   * `maxBytes` refuses a larger declared length before writing and stops a
   * stream that passes it (`overLimit`); `onChunk` sees every byte written.
   */
  async download(
    jobId: string,
    format: AssetFormat,
    toFile: string,
    options: CallOptions & { maxBytes?: number; onChunk?: (chunk: Buffer) => void } = {},
  ): Promise<{ bytes: number; declaredBytes?: number; contentType?: string; overLimit?: boolean }> {
    let res: RawResponse;
    try {
      res = await send({
        url: assetUrl(this.target.storageUrl, jobId, format),
        method: 'GET',
        signal: options.signal,
        idleMs: options.idleMs ?? this.timeouts.download,
        toFile,
        maxBufferBytes: 64 * 1024,
        ...(options.maxBytes !== undefined ? { maxFileBytes: options.maxBytes } : {}),
        ...(options.onChunk ? { onFileChunk: options.onChunk } : {}),
      });
    } catch (err) {
      if (err instanceof TransportError) throw transportToUpstream(err, 'the asset download', false);
      throw err;
    }
    if (res.status === 404) {
      throw new UpstreamError('The asset is not published yet (404).', { kind: 'http', outcome: 'not-created', status: 404 });
    }
    if (res.status < 200 || res.status >= 300 || res.fileBytes === undefined) {
      throw new UpstreamError(`The asset download answered ${res.status}.`, { kind: 'http', outcome: 'not-created', status: res.status });
    }
    return {
      bytes: res.fileBytes,
      contentType: res.contentType,
      ...(res.declaredBytes !== undefined ? { declaredBytes: res.declaredBytes } : {}),
      ...(res.overLimit ? { overLimit: true } : {}),
    };
  }
}
