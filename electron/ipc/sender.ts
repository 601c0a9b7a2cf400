/**
 * Which renderer frames may call the services. Electron hands every IPC
 * message the URL of the frame that sent it; only the app's own origin (and
 * the Vite dev server in development) is trusted. A navigated-away, embedded
 * or foreign frame gets a failure and no service code runs.
 */

/** The origin the production renderer is served from (see electron/app/protocol.ts). */
export const APP_SCHEME = 'studio';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * `scheme://host[:port]` of a URL, or undefined. Node's URL reports the origin
 * of a non-special scheme such as studio:// as "null", so it is built here.
 */
export function originOf(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (!parsed.host) return undefined;
    return `${parsed.protocol}//${parsed.host}`.toLowerCase();
  } catch {
    return undefined;
  }
}

export function isTrustedSender(frameUrl: string | undefined | null, trustedOrigins: readonly string[]): boolean {
  const origin = originOf(frameUrl);
  return origin !== undefined && trustedOrigins.some((trusted) => originOf(trusted) === origin);
}
