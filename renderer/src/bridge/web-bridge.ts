/**
 * The browser shell's side of the contract: requests are `POST
 * /api/invoke/<channel>` with the launch token, push events come over one
 * WebSocket that reconnects (and says again what it listens to) when the host
 * restarts or the network blips. The API object is built by the same
 * `createStudioApi` as Electron's preload, so features cannot tell them apart.
 */
import {
  EVENT_NAMES,
  createStudioApi,
  fail,
  type EventName,
  type JobsSnapshot,
  type RequestName,
  type Result,
  type StagedFile,
  type Transport,
} from '../../../shared/ipc';
import type { Bridge } from './index';

/** The parts of `WebSocket` the bridge uses (a fake in tests). */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface WebBridgeOptions {
  /** The page address: its origin, and the token on the first load. */
  location: { href: string };
  history?: { replaceState(data: unknown, unused: string, url?: string): void };
  /** Keeps the token for a reload of this tab (the address bar no longer has it); per tab and per origin. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  fetch: typeof fetch;
  WebSocket: new (url: string) => SocketLike;
  /** Delay before reconnect attempt `n` (1-based). */
  reconnectDelay?: (attempt: number) => number;
  /** Reports focus changes of the page to the host (web Platform.isFocused: notification vs toast). */
  focusSource?: Pick<Window, 'addEventListener'> & { document?: { hasFocus(): boolean } };
}

const TOKEN_KEY = 'asset-studio-token';
const OPEN = 1;

/**
 * The launch token: taken from `?token=` once and removed from the address
 * bar (so it is not left in history, bookmarks or a screenshot), then held in
 * memory. Session storage keeps it for a reload of the same tab only.
 */
export function takeToken(options: Pick<WebBridgeOptions, 'location' | 'history' | 'storage'>): string | undefined {
  const url = new URL(options.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    url.searchParams.delete('token');
    options.history?.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
    try {
      options.storage?.setItem(TOKEN_KEY, fromUrl);
    } catch {
      // Storage may be disabled; the token still works until the tab reloads.
    }
    return fromUrl;
  }
  try {
    return options.storage?.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

const defaultDelay = (attempt: number): number => Math.min(10_000, 250 * 2 ** Math.min(attempt, 6));

const unreachable = (): Result<never> =>
  fail('host-unreachable', 'Asset Studio is not reachable: is the command that started it (npm start or npm run web) still running?');

const unauthorized = (): Result<never> =>
  fail('unauthorized', 'This page is no longer signed in to Asset Studio: open the link printed when the app started.', { status: 401 });

async function resultFrom(response: Response): Promise<Result<unknown>> {
  if (response.status === 401 || response.status === 403) return unauthorized();
  try {
    const body = (await response.json()) as Result<unknown>;
    if (body && typeof body === 'object' && typeof body.ok === 'boolean') return body;
  } catch {
    // Fall through: not a Result.
  }
  return fail('host-error', `Asset Studio answered HTTP ${response.status}. The details are in its log.`, { status: response.status });
}

export function createWebBridge(options: WebBridgeOptions): Bridge & { dispose(): void } {
  const token = takeToken(options) ?? '';
  const origin = new URL(options.location.href).origin;
  const authHeaders = (): Record<string, string> => ({ Authorization: `Bearer ${token}` });
  const delay = options.reconnectDelay ?? defaultDelay;

  const post = async (path: string, body: BodyInit, contentType: string): Promise<Result<unknown>> => {
    let response: Response;
    try {
      response = await options.fetch(`${origin}${path}`, { method: 'POST', headers: { ...authHeaders(), 'Content-Type': contentType }, body });
    } catch {
      return unreachable();
    }
    return resultFrom(response);
  };

  const stageBytes = (name: string, data: Blob | Uint8Array): Promise<Result<unknown>> =>
    post(`/api/files?name=${encodeURIComponent(name)}`, data as BodyInit, 'application/octet-stream');

  // ---- events ----
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let socket: SocketLike | undefined;
  let attempts = 0;
  let everOpened = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const sendSubscriptions = (): void => {
    if (socket?.readyState !== OPEN) return;
    socket.send(JSON.stringify({ type: 'subscribe', events: [...listeners.keys()] }));
  };

  const deliver = (name: EventName, payload: unknown): void => {
    for (const listener of [...(listeners.get(name) ?? [])]) {
      try {
        listener(payload);
      } catch (err) {
        console.error(`A listener for ${name} failed`, err);
      }
    }
  };

  /**
   * After a reconnect: the job events missed while away are replaced by the
   * current listing. It holds summaries, not whole records, so it goes out as
   * `jobs:listed`, never as `jobs:changed`.
   */
  const catchUp = async (): Promise<void> => {
    if (!listeners.get('jobs:listed')?.size) return;
    const listed = (await transport.invoke('jobs:list', {})) as Result<JobsSnapshot>;
    if (listed.ok) deliver('jobs:listed', listed.value.jobs);
  };

  const connect = (): void => {
    if (disposed || socket) return;
    const wsUrl = `${origin.replace(/^http/, 'ws')}/api/events?token=${encodeURIComponent(token)}`;
    let ws: SocketLike;
    try {
      ws = new options.WebSocket(wsUrl);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      const reconnected = everOpened;
      everOpened = true;
      attempts = 0;
      sendSubscriptions();
      if (reconnected) void catchUp();
    };
    ws.onmessage = (ev) => {
      let message: { event?: unknown; payload?: unknown };
      try {
        message = JSON.parse(String(ev.data)) as typeof message;
      } catch {
        return;
      }
      if (typeof message.event === 'string' && EVENT_NAMES.includes(message.event as EventName)) deliver(message.event as EventName, message.payload);
    };
    ws.onerror = () => {};
    ws.onclose = () => {
      if (socket === ws) socket = undefined;
      scheduleReconnect();
    };
  };

  const scheduleReconnect = (): void => {
    if (disposed || timer || listeners.size === 0) return;
    attempts += 1;
    timer = setTimeout(() => {
      timer = undefined;
      connect();
    }, delay(attempts));
  };

  const transport: Transport = {
    invoke(channel: RequestName, args: unknown) {
      if (channel === 'files:stageBytes') {
        // Bytes cannot travel in JSON: the binary route carries them to the same handler.
        const { name, data } = (args ?? {}) as { name?: string; data?: Uint8Array };
        return stageBytes(name ?? '', data ?? new Uint8Array());
      }
      return post(`/api/invoke/${channel}`, JSON.stringify(args ?? {}), 'application/json');
    },
    subscribe(event, listener) {
      let set = listeners.get(event);
      const isNew = !set;
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      if (!socket) connect();
      else if (isNew) sendSubscriptions();
      return () => {
        const current = listeners.get(event);
        current?.delete(listener);
        if (current && current.size === 0) {
          listeners.delete(event);
          sendSubscriptions();
        }
      };
    },
  };

  const api = createStudioApi(transport);

  const focus = options.focusSource;
  if (focus) {
    const report = (focused: boolean) => void api.app.setFocused({ focused });
    focus.addEventListener('focus', () => report(true));
    focus.addEventListener('blur', () => report(false));
  }

  return {
    api,
    shell: 'web',
    assetUrl: (localId, variant) => `/assets/${encodeURIComponent(localId)}/${variant}?token=${encodeURIComponent(token)}`,
    stageFile: async (file, name) => {
      const fileName = name ?? (file instanceof File ? file.name : 'file');
      return (await stageBytes(fileName, file)) as Result<StagedFile>;
    },
    assetRequestHeaders: authHeaders,
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      socket?.close(1000, 'page closed');
      socket = undefined;
    },
  };
}
