/**
 * Helpers for the Generate panel's journeys: choose a kind, drop files on
 * the window, make real images, and read the sandbox's inspection state
 * (how many uploads and requests reached the service) from outside the app.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

export interface DropFile {
  name: string;
  mime: string;
  bytes: Buffer;
  /** Pad the file with zeros to this many bytes, in the page (sending tens of MB into the page byte by byte takes minutes). */
  padTo?: number;
}

/** A real PNG of the given size and colour (the sandbox decodes what it is sent). */
export async function pngImage(width = 64, height = 64, color = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export function generatePanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Generate', exact: true });
}

export async function chooseKind(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Generation type' }).selectOption({ label });
}

export async function generate(page: Page): Promise<void> {
  await generatePanel(page).getByRole('button', { name: 'Generate', exact: true }).click();
}

/** Waits for the panel's status line to say the last request finished. */
export async function expectFinished(page: Page, timeout = 60_000): Promise<void> {
  await expect(generatePanel(page).getByRole('status')).toContainText('Finished', { timeout });
}

interface DomLike {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
  Uint8Array: typeof Uint8Array;
  atob(data: string): string;
  dispatchEvent(event: unknown): boolean;
  DragEvent: new (type: string, init: { bubbles: boolean; cancelable: boolean; dataTransfer: unknown }) => unknown;
}

/** Drops files on the window as a user dragging them from the desktop would. */
export async function dropOnWindow(page: Page, files: DropFile[]): Promise<void> {
  // As a user would: onto a window that is up, not one still loading (whose drop nobody receives).
  await page.locator('html[data-drop-ready="true"]').waitFor({ state: 'attached' });
  const payload = files.map((f) => ({ name: f.name, mime: f.mime, b64: f.bytes.toString('base64'), size: Math.max(f.padTo ?? 0, f.bytes.length) }));
  await page.evaluate((list) => {
    const w = globalThis as unknown as DomLike;
    const dt = new w.DataTransfer();
    for (const f of list) {
      const raw = w.atob(f.b64);
      const bytes = new w.Uint8Array(f.size);
      for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
      dt.items.add(new w.File([bytes], f.name, { type: f.mime }));
    }
    for (const type of ['dragenter', 'dragover', 'drop']) {
      w.dispatchEvent(new w.DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
    }
  }, payload);
}

/** The host's token and origin, from the URL the browser shell printed. */
function hostParts(url: string): { origin: string; token: string } {
  const u = new URL(url);
  return { origin: u.origin, token: u.searchParams.get('token') ?? '' };
}

/** Calls one contract channel on the browser shell, as the renderer would. */
export async function invoke<T = unknown>(url: string, channel: string, args: unknown = {}): Promise<T> {
  const { origin, token } = hostParts(url);
  const res = await fetch(`${origin}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as { ok: boolean; value?: T; problem?: { message: string } };
  if (!body.ok) throw new Error(`${channel}: ${body.problem?.message}`);
  return body.value as T;
}

/** Base URL of the built-in sandbox the app talks to. */
export async function sandboxBaseUrl(url: string): Promise<string> {
  const snap = await invoke<{ environments: { builtin: boolean; baseUrl: string }[] }>(url, 'settings:get');
  const env = snap.environments.find((e) => e.builtin);
  if (!env) throw new Error('no built-in sandbox environment');
  return env.baseUrl;
}

/** The sandbox's inspection state (`GET /__sandbox/state`, loopback only). */
export async function sandboxState(url: string): Promise<Record<string, unknown>> {
  const base = new URL(await sandboxBaseUrl(url));
  const res = await fetch(`${base.origin}/__sandbox/state`);
  if (!res.ok) throw new Error(`sandbox state: HTTP ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}
