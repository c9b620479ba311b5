import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { Tx } from '../db/tenancy.ts';
import { listenOnPglite } from './pglite-listener.ts';
import { PostgresListener } from './postgres-listener.ts';

/**
 * Events pushed to a signed-in user (docs/decisions/0008-server-events.md). `type` names the
 * Server-Sent Event; `tenant_id` says which tenant it belongs to, so that a stream acting in
 * another tenant leaves it out. The rest is the event's data.
 */
export interface ServerEvent {
  type: string;
  tenant_id: string | null;
  [key: string]: unknown;
}

export type EventListener = (event: ServerEvent) => void;

/** The one PostgreSQL NOTIFY channel every server process listens on. */
export const EVENTS_CHANNEL = 'turnout_events';

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7_900;

interface Envelope {
  u: string;
  e: ServerEvent;
}

function payloadOf(userId: string, event: ServerEvent): string {
  const payload = JSON.stringify({ u: userId, e: event } satisfies Envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`server event '${event.type}' is too large to publish`);
  return payload;
}

/** The envelope address of an event for every subscriber (each stream still keeps to its tenant). */
export const EVERYONE = '*';

/**
 * 'records': a record of `entity_type` in `tenant_id` was saved or deleted, for screens that show
 * live figures (the activity feed, dashboards). Carries no content; identical payloads in one
 * transaction are delivered once (PostgreSQL folds duplicate NOTIFYs), so a bulk save is one event.
 */
export function publishRecordsChanged(tx: Tx, tenantId: string, entityType: string): Promise<void> {
  return publishOnCommit(tx, EVERYONE, { type: 'records', tenant_id: tenantId, entity_type: entityType });
}

/**
 * Publishes an event as part of a transaction: PostgreSQL delivers a NOTIFY only when the
 * transaction commits, and never when it rolls back, so a failed save pushes nothing. Outside
 * a transaction (a plain Kysely) it is delivered at once.
 */
export async function publishOnCommit(tx: Tx | Kysely<DB>, userId: string, event: ServerEvent): Promise<void> {
  await sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${payloadOf(userId, event)})`.execute(tx);
}

/** Where events arrive from: the database's NOTIFY channel (a LISTEN connection). */
export interface EventSource {
  close(): Promise<void>;
}

/**
 * publish(userId, event) / subscribe(userId, listener) over PostgreSQL LISTEN/NOTIFY: on a
 * PostgreSQL server through a dedicated connection (so events cross server processes), on the
 * embedded database through PGlite's own in-process notifications.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<EventListener>>();
  private source: EventSource | undefined;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening on the channel. */
  async start(): Promise<void> {
    if (this.source) return;
    const onPayload = (payload: string) => this.deliver(payload);
    // After a lost LISTEN connection comes back, events may have been missed: every local
    // subscriber hears 'resync' and reloads what it shows.
    const onReconnect = () => {
      for (const [userId, set] of this.listeners) this.emit(userId, set, { type: 'resync', tenant_id: null });
    };
    if (this.db.pglite) this.source = await listenOnPglite(this.db.pglite, EVENTS_CHANNEL, onPayload);
    else if (this.db.connectionString) {
      const listener = new PostgresListener(this.db.connectionString, EVENTS_CHANNEL, onPayload, onReconnect, this.log);
      await listener.start();
      this.source = listener;
    } else throw new Error('The event bus needs the PGlite instance or the PostgreSQL connection string.');
  }

  /** Delivers to every subscriber of the user, in every server process, at once. */
  publish(userId: string, event: ServerEvent): Promise<void> {
    return publishOnCommit(this.db.kysely, userId, event);
  }

  /** Calls `listener` with each event for the user; returns the unsubscribe function. */
  subscribe(userId: string, listener: EventListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(userId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(userId);
    };
  }

  /** How many listeners are subscribed (all users); tests check that streams clean up. */
  listenerCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    const source = this.source;
    this.source = undefined;
    this.listeners.clear();
    await source?.close();
  }

  private deliver(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      this.log.warn('ignoring a malformed server event');
      return;
    }
    if (!envelope.e || typeof envelope.e.type !== 'string') return;
    if (envelope.u === EVERYONE) {
      for (const [userId, set] of this.listeners) this.emit(userId, set, envelope.e);
      return;
    }
    const set = this.listeners.get(envelope.u);
    if (set) this.emit(envelope.u, set, envelope.e);
  }

  private emit(userId: string, set: Set<EventListener>, event: ServerEvent): void {
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (error) {
        this.log.error({ err: error, userId, event: event.type }, 'server event listener failed');
      }
    }
  }
}
