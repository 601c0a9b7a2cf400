/**
 * The one way a test shows that something does not happen for a while (no
 * late error, no second request, no write): it watches for the whole time and
 * fails as soon as the thing is seen. Every other wait in the tests waits for
 * an event or a locator, never for time.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export async function expectNothingFor(ms: number, what: string, happened: () => boolean | Promise<boolean>, every = 25): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await happened()) throw new Error(`Expected no ${what} for ${ms} ms, but there was one after ${ms - Math.max(0, end - Date.now())} ms.`);
    const left = end - Date.now();
    if (left <= 0) return;
    await sleep(Math.min(every, left));
  }
}
