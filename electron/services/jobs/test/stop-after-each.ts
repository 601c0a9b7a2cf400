/**
 * Stopping what an engine test started, after each test. Apart from harness.ts because it
 * registers a vitest hook: harness.ts is also loaded by the child processes kill.test.ts
 * spawns under plain Node, where vitest cannot be imported.
 */
import { afterEach } from 'vitest';

/** What a test started and that must stop after it: the engine first, then the sandbox, then a local server. */
export interface Started {
  engine?: { stop(): Promise<void> };
  sandbox?: { close(): Promise<void> };
  server?: { close(): Promise<void> };
}

/** A list the test pushes what it starts onto; after each test everything on it is stopped, in that order. */
export function stopAfterEach(): Started[] {
  const open: Started[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.engine?.stop();
      await o.sandbox?.close();
      await o.server?.close();
    }
  });
  return open;
}
