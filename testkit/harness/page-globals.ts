/**
 * The few browser globals that code passed to `page.evaluate` uses, typed for
 * the node tsconfig (which has no DOM lib). Inside evaluate callbacks:
 * `const g = globalThis as unknown as PageGlobals`.
 */
export interface PageElement {
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  textContent: string | null;
  addEventListener(type: string, listener: () => void, options?: { once?: boolean }): void;
}

export interface PageGlobals {
  document: PageElement & { querySelectorAll(selector: string): { length: number } };
  MutationObserver: new (callback: () => void) => {
    observe(target: PageElement, options: { attributes: boolean; attributeFilter?: string[]; childList?: boolean; subtree?: boolean }): void;
    disconnect(): void;
  };
  performance: { now(): number };
  requestAnimationFrame(callback: () => void): number;
  URL: { createObjectURL(blob: unknown): string };
  Blob: new (parts: unknown[]) => unknown;
  harness: {
    openFile(name: string, url: string): Promise<void>;
    openJob(localId: string, kind: string): void;
    close(): void;
    openCompare(localIds: string[]): string | null;
    closeCompare(): void;
    memory(): { geometries: number; textures: number; programs: number };
  };
  baseline: { load(url: string): Promise<void> };
  /** Set by the search measurement. */
  __searchDone?: Promise<number>;
}
