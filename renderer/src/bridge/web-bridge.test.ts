import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebBridge, takeToken, type SocketLike, type WebBridgeOptions } from './web-bridge';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const PAGE = `http://127.0.0.1:5123/?token=${TOKEN}`;

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(event: string, payload: unknown) {
    this.onmessage?.({ data: JSON.stringify({ event, payload }) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(overrides: Partial<WebBridgeOptions> = {}) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ ok: true, value: { jobs: [], load: [] } }));
  const replaceState = vi.fn();
  const store = new Map<string, string>();
  const bridge = createWebBridge({
    location: { href: PAGE },
    history: { replaceState },
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    fetch: fetch as unknown as typeof globalThis.fetch,
    WebSocket: FakeSocket,
    reconnectDelay: () => 5,
    ...overrides,
  });
  return { bridge, fetch, replaceState, store };
}

afterEach(() => {
  FakeSocket.all = [];
});

describe('web bridge: the token', () => {
  it('takes the token from the URL once and removes it from the address bar', () => {
    const { replaceState } = setup();
    expect(replaceState).toHaveBeenCalledWith(null, '', '/');
  });

  it('keeps other query parameters and the hash when removing the token', () => {
    const replaceState = vi.fn();
    const token = takeToken({ location: { href: `http://127.0.0.1:5123/?view=grid&token=${TOKEN}#job-1` }, history: { replaceState } });
    expect(token).toBe(TOKEN);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/?view=grid#job-1');
  });

  it('finds the token again after a reload of the same tab', () => {
    const { store } = setup();
    const again = takeToken({ location: { href: 'http://127.0.0.1:5123/' }, storage: { getItem: (k) => store.get(k) ?? null, setItem: () => {} } });
    expect(again).toBe(TOKEN);
  });
});

describe('web bridge: requests', () => {
  it('posts a channel call as JSON with the bearer token and returns the Result', async () => {
    const { bridge, fetch } = setup();
    fetch.mockResolvedValueOnce(jsonResponse({ ok: true, value: { name: 'Asset Studio' } }));
    const result = await bridge.api.app.info({});
    expect(result).toEqual({ ok: true, value: { name: 'Asset Studio' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:5123/api/invoke/app:info');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${TOKEN}`);
    expect(init?.body).toBe('{}');
  });

  it('turns a refused request into an unauthorized problem a user can act on', async () => {
    const { bridge, fetch } = setup();
    fetch.mockResolvedValueOnce(new Response('Unauthorized', { status: 401 }));
    const result = await bridge.api.jobs.list({});
    expect(result).toMatchObject({ ok: false, problem: { reason: 'unauthorized' } });
    if (!result.ok) expect(result.problem.message).toMatch(/open the link printed/);
  });

  it('turns a stopped host into a host-unreachable problem instead of throwing', async () => {
    const { bridge, fetch } = setup();
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(bridge.api.jobs.list({})).resolves.toMatchObject({ ok: false, problem: { reason: 'host-unreachable' } });
  });

  it('stages a file by posting its bytes to /api/files with its name', async () => {
    const { bridge, fetch } = setup();
    fetch.mockResolvedValueOnce(jsonResponse({ ok: true, value: { id: 'staged-1' } }));
    const file = new File([new Uint8Array([1, 2, 3])], 'front view.png', { type: 'image/png' });
    const result = await bridge.stageFile(file);
    expect(result).toEqual({ ok: true, value: { id: 'staged-1' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:5123/api/files?name=front%20view.png');
    expect(init?.body).toBe(file);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/octet-stream');
  });

  it('sends files:stageBytes through the binary route rather than JSON', async () => {
    const { bridge, fetch } = setup();
    await bridge.api.files.stageBytes({ name: 'sketch.png', data: new Uint8Array([9, 9]) });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:5123/api/files?name=sketch.png');
    expect(init?.body).toEqual(new Uint8Array([9, 9]));
  });

  it('names assets by local id with the token, and gives loaders the header', () => {
    const { bridge } = setup();
    expect(bridge.assetUrl('job_ABC123', 'thumbnail')).toBe(`/assets/job_ABC123/thumbnail?token=${TOKEN}`);
    expect(bridge.assetRequestHeaders()).toEqual({ Authorization: `Bearer ${TOKEN}` });
    expect(bridge.shell).toBe('web');
  });
});

describe('web bridge: events', () => {
  it('opens one socket with the token and delivers subscribed events to each listener', () => {
    const { bridge } = setup();
    const toasts: unknown[] = [];
    const jobs: unknown[] = [];
    bridge.api.app.onToast((t) => toasts.push(t));
    bridge.api.jobs.onChanged((j) => jobs.push(j));
    expect(FakeSocket.all).toHaveLength(1);
    const ws = FakeSocket.all[0]!;
    expect(ws.url).toBe(`ws://127.0.0.1:5123/api/events?token=${TOKEN}`);
    ws.open();
    expect(ws.sent.at(-1)).toEqual({ type: 'subscribe', events: ['app:toast', 'jobs:changed'] });
    ws.push('app:toast', { id: 't1', title: 'Done' });
    expect(toasts).toEqual([{ id: 't1', title: 'Done' }]);
    expect(jobs).toEqual([]);
  });

  it('stops delivering to a listener after its unsubscribe', () => {
    const { bridge } = setup();
    const toasts: unknown[] = [];
    const off = bridge.api.app.onToast((t) => toasts.push(t));
    const ws = FakeSocket.all[0]!;
    ws.open();
    off();
    ws.push('app:toast', { id: 't2' });
    expect(toasts).toEqual([]);
    expect(ws.sent.at(-1)).toEqual({ type: 'subscribe', events: [] });
  });

  it('reconnects after the socket drops, subscribes again and catches up with the listing, never passed off as whole records', async () => {
    const { bridge, fetch } = setup();
    const changed: unknown[] = [];
    const listed: unknown[] = [];
    bridge.api.jobs.onChanged((j) => changed.push(j));
    bridge.api.jobs.onListed((j) => listed.push(j));
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    fetch.mockResolvedValueOnce(jsonResponse({ ok: true, value: { jobs: [{ localId: 'job-1' }], load: [] } }));
    const second = FakeSocket.all[1]!;
    second.open();
    expect(second.sent).toEqual([{ type: 'subscribe', events: ['jobs:changed', 'jobs:listed'] }]);
    await vi.waitFor(() => expect(listed).toEqual([[{ localId: 'job-1' }]]));
    expect(changed).toEqual([]);
    expect(fetch.mock.calls.at(-1)![0]).toBe('http://127.0.0.1:5123/api/invoke/jobs:list');
    second.push('jobs:changed', [{ localId: 'job-2' }]);
    expect(changed).toEqual([[{ localId: 'job-2' }]]);
  });

  it('ignores messages that are not contract events', () => {
    const { bridge } = setup();
    const toasts: unknown[] = [];
    bridge.api.app.onToast((t) => toasts.push(t));
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.onmessage?.({ data: 'not json' });
    ws.push('app:somethingElse', {});
    expect(toasts).toEqual([]);
  });
});

describe('web bridge: model thumbnails', () => {
  it('sends jobs.saveThumbnail as JSON to its channel, the PNG as base64, and returns the host Result', async () => {
    const { bridge, fetch } = setup();
    fetch.mockResolvedValueOnce(jsonResponse({ ok: true, value: null }));
    const result = await bridge.api.jobs.saveThumbnail({ localId: 'job123abc', pngBase64: 'iVBORw0KGgo=' });
    expect(result).toEqual({ ok: true, value: null });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:5123/api/invoke/jobs:saveThumbnail');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ localId: 'job123abc', pngBase64: 'iVBORw0KGgo=' });
  });
});
