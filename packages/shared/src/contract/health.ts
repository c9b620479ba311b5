import { z } from 'zod';

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  build_hash: z.string(),
  environment: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latency_ms: z.number().nullable(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponse>;
