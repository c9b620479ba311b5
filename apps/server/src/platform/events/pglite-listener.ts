import type { PGlite } from '@electric-sql/pglite';
import type { EventSource } from './bus.ts';

/** The embedded database is one process: PGlite's LISTEN calls back in-process, after commit. */
export async function listenOnPglite(pglite: PGlite, channel: string, onPayload: (payload: string) => void): Promise<EventSource> {
  const unlisten = await pglite.listen(channel, onPayload);
  return {
    async close() {
      // The database may be closed already at shutdown; nothing is left to stop then.
      if (!pglite.closed) await unlisten().catch(() => undefined);
    },
  };
}
