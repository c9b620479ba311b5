/** Latency figures of one scenario, in milliseconds. */
export interface Summary {
  n: number;
  median: number;
  p99: number;
  mean: number;
}

export function summarise(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return { n: sorted.length, median: at(0.5), p99: at(0.99), mean };
}

/** Runs `fn` `warmup` times unmeasured, then `count` times, one at a time; returns each duration. */
export async function measure(fn: () => Promise<unknown>, count: number, warmup = Math.ceil(count / 10)): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** Requests per second with `concurrency` callers for `durationMs`. */
export async function throughput(fn: () => Promise<unknown>, concurrency: number, durationMs: number): Promise<number> {
  let done = 0;
  const until = performance.now() + durationMs;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await fn();
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

export const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

/**
 * `clients` callers share `total` calls of `fn` (each caller starts its next call when its last
 * one ends), and stop starting calls after `maxMs`; returns each call's duration and the wall
 * time, for latency under concurrency.
 */
export async function concurrently(
  fn: (client: number) => Promise<unknown>,
  clients: number,
  total: number,
  maxMs = Number.POSITIVE_INFINITY,
): Promise<{ samples: number[]; seconds: number }> {
  let started = 0;
  const samples: number[] = [];
  const begin = performance.now();
  const until = begin + maxMs;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (started < total && performance.now() < until) {
        started++;
        const start = performance.now();
        await fn(client);
        samples.push(performance.now() - start);
      }
    }),
  );
  return { samples, seconds: (performance.now() - begin) / 1000 };
}
