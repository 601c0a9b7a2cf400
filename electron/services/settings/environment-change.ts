/**
 * What adding or editing an environment may do to where secrets go (a secret
 * goes only where it was entered for; plain http:// only to this computer),
 * as one pure decision the settings service applies.
 *
 * Changing the base or storage *origin* forgets the keys' secrets and asks for
 * them again, rather than refusing the change while keys hold secrets:
 * - the secret is the only thing that must not travel to the new origin; the
 *   keys' names, client ids, early-access switches and history stay useful;
 * - a compromised renderer gains nothing either way: the secret is gone before
 *   any request could be signed for the new origin (and it could already
 *   delete a key with settings:revokeKey, so forgetting adds no new power);
 * - a user fixing a mistyped URL types the secret once instead of removing
 *   and re-creating every key.
 * Settings shows which keys' secrets were forgotten, in plain words.
 */
import { originsChanged, plainHttpProblems, type EnvironmentUrls } from '../../../shared/domain/url-safety';

export interface EnvironmentState extends EnvironmentUrls {
  allowPlainHttp: boolean;
}

export interface EnvironmentChange {
  baseUrl?: string;
  storageUrl?: string;
  allowPlainHttp?: boolean;
}

export type ChangeDecision =
  | { ok: true; next: EnvironmentState; forgetSecrets: boolean }
  | { ok: false; reason: 'plain-http'; message: string; fields: { field: string; message: string }[] };

export const PLAIN_HTTP_MESSAGE =
  'Plain http:// would send the client secret and your prompts across the network unencrypted. Use https://, or turn on "Allow plain http://" for this environment if you trust the network (plain http:// to this computer is always allowed).';

export function trimUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** `before` undefined: a new environment (it has no secrets yet). */
export function decideEnvironmentChange(before: EnvironmentState | undefined, change: EnvironmentChange): ChangeDecision {
  const next: EnvironmentState = {
    baseUrl: change.baseUrl ? trimUrl(change.baseUrl) : (before?.baseUrl ?? ''),
    storageUrl: change.storageUrl ? trimUrl(change.storageUrl) : (before?.storageUrl ?? ''),
    allowPlainHttp: change.allowPlainHttp ?? before?.allowPlainHttp ?? false,
  };
  const fields = plainHttpProblems(next, next.allowPlainHttp);
  if (fields.length) return { ok: false, reason: 'plain-http', message: PLAIN_HTTP_MESSAGE, fields };
  return { ok: true, next, forgetSecrets: before !== undefined && originsChanged(before, next) };
}
