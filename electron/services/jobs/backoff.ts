/** Retry timing: full-jitter exponential backoff and the poller's growing interval. */

/** Full jitter: a random delay in [0, min(cap, base × 2^attempt)]. */
export function fullJitter(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  return Math.round(random() * Math.min(capMs, baseMs * 2 ** attempt));
}

/** Next poll interval: grows ×1.6 up to the cap, with ±20 % jitter so many jobs do not poll in step. */
export function nextPollDelay(previousMs: number, firstMs: number, capMs: number, random: () => number = Math.random): number {
  const grown = Math.min(capMs, Math.max(firstMs, previousMs * 1.6));
  return Math.round(grown * (0.8 + 0.4 * random()));
}
