/**
 * Errors of the upstream client. Every failure says two things a caller needs:
 * what the user can do about it (`message`), and whether the request may have
 * created a paid job (`outcome`). Only `unknown` means "maybe": the body was
 * sent and no answer came back.
 */
import { ENDPOINTS, creditErrorBodySchema, errorBodySchema, type EndpointId } from '../../shared/api';
import type { FieldSpec } from '../../shared/api';

export type UpstreamErrorKind =
  /** The service answered with an error status. */
  | 'http'
  /** No connection (refused, DNS, reset before the body was sent). */
  | 'network'
  /** The answer was not what the contract says (not JSON, wrong shape). */
  | 'unexpected'
  /** The caller cancelled. */
  | 'aborted'
  /** The per-call deadline passed. */
  | 'timeout';

/** `not-created`: certainly no job. `unknown`: the body was sent and the outcome was lost. */
export type Outcome = 'not-created' | 'unknown' | 'created';

export interface UpstreamErrorInit {
  kind: UpstreamErrorKind;
  outcome: Outcome;
  status?: number;
  body?: unknown;
  field?: string;
  credits?: { required: number; available: number };
  retryAfterMs?: number;
  cause?: unknown;
}

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly kind: UpstreamErrorKind;
  readonly outcome: Outcome;
  readonly status?: number;
  readonly body?: unknown;
  readonly field?: string;
  readonly credits?: { required: number; available: number };
  readonly retryAfterMs?: number;

  constructor(message: string, init: UpstreamErrorInit) {
    super(message, init.cause !== undefined ? { cause: init.cause } : undefined);
    this.kind = init.kind;
    this.outcome = init.outcome;
    this.status = init.status;
    this.body = init.body;
    this.field = init.field;
    this.credits = init.credits;
    this.retryAfterMs = init.retryAfterMs;
  }
}

function bodyMessage(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return Array.isArray(parsed.data.message) ? parsed.data.message.join('; ') : parsed.data.message;
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return undefined;
}

/** Every field name of an endpoint, nested ones dotted (spritesheet.frameCount). */
function fieldNames(id: EndpointId): string[] {
  const out: string[] = [];
  const walk = (prefix: string, fields: Readonly<Record<string, FieldSpec>>) => {
    for (const [name, spec] of Object.entries(fields)) {
      const full = prefix ? `${prefix}.${name}` : name;
      out.push(full);
      if (spec.type === 'object') walk(full, spec.fields);
      if (spec.type === 'array') walk(full, spec.items.fields);
    }
  };
  walk('', ENDPOINTS[id].fields as Record<string, FieldSpec>);
  // Longest first, so "spritesheet.frameCount" wins over "spritesheet".
  return out.sort((a, b) => b.length - a.length);
}

/** The field a 422 message names, matched against the endpoint's own field names. */
export function fieldFromMessage(id: EndpointId, message: string): string | undefined {
  for (const name of fieldNames(id)) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`).test(message)) return name;
  }
  return undefined;
}

function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/** Turns an error response into an UpstreamError with a message per status. */
export function errorFromResponse(
  endpointId: EndpointId,
  status: number,
  body: unknown,
  headers: Record<string, string | string[] | undefined>,
): UpstreamError {
  const said = bodyMessage(body);
  const suffix = said ? ` The service said: "${said}"` : '';
  const base = { kind: 'http' as const, outcome: 'not-created' as const, status, body };
  switch (status) {
    case 401:
      return new UpstreamError(`The service did not accept the API key (401). Check the client id and secret of this key in Settings.${suffix}`, base);
    case 402: {
      const credit = creditErrorBodySchema.safeParse(body);
      if (credit.success) {
        const credits = { required: credit.data.required, available: credit.data.available };
        return new UpstreamError(
          `Not enough API credits (402): this request needs ${credits.required} and the key's account has ${credits.available}. Top up the prepaid API balance, then resume.`,
          { ...base, credits },
        );
      }
      return new UpstreamError(`Not enough API credits, or API billing is not set up for this account (402).${suffix}`, base);
    }
    case 403: {
      const ep = ENDPOINTS[endpointId];
      const why =
        ep.availability === 'coming-soon'
          ? 'This endpoint is not enabled for this API key (it is marked coming soon), or the source job belongs to another key.'
          : 'The source job belongs to another API key; use a job created with this key.';
      return new UpstreamError(`Not allowed (403). ${why}${suffix}`, base);
    }
    case 404:
      return new UpstreamError(
        endpointId === 'get-job' ? `The service has no job with this id (404). Check the id and the key it was made with.${suffix}` : `Not found (404): a job this request names does not exist.${suffix}`,
        base,
      );
    case 422: {
      const field = said ? fieldFromMessage(endpointId, said) : undefined;
      const where = field ? `The field "${field}" was refused` : 'A field was refused';
      return new UpstreamError(`${where} (422).${suffix || ' The service gave no reason.'}`, { ...base, field });
    }
    case 429: {
      const retryAfter = headers['retry-after'];
      return new UpstreamError(`Too many jobs running on this key (429): at most 5 at once. The request waits in the queue and is sent when a job finishes.`, {
        ...base,
        retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter),
      });
    }
    default:
      if (status >= 500) {
        return new UpstreamError(`The service failed (${status}). It is retried with backoff; if it keeps failing, contact support with the job id if one was returned.${suffix}`, base);
      }
      return new UpstreamError(`The service answered ${status}.${suffix}`, base);
  }
}

/** A response that is not what the contract promised: say what came back. */
export function unexpectedResponse(what: string, status: number, contentType: string | undefined, text: string, outcome: Outcome): UpstreamError {
  const head = text.slice(0, 200).replace(/\s+/g, ' ').trim();
  return new UpstreamError(
    `Unexpected answer from the service (${what}): HTTP ${status}, content type ${contentType || 'none'}${head ? `, starting with: ${head}` : ', empty body'}.`,
    { kind: 'unexpected', outcome, status, body: head },
  );
}
