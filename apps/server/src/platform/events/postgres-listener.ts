import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { EventSource } from './bus.ts';

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;

/**
 * One dedicated connection that LISTENs on the channel (a pooled connection cannot: the pool
 * hands it to other work). When it breaks it reconnects with backoff and reports the
 * reconnection, since NOTIFYs sent meanwhile are lost.
 */
export class PostgresListener implements EventSource {
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onReconnect: () => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connects the first time; a failure here fails the start (the database is unreachable). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'turnout-events' });
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== undefined) this.onPayload(message.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'server events: LISTEN connection failed');
      this.onBroken(client);
    });
    client.on('end', () => this.onBroken(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
  }

  private onBroken(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.connect().then(
        () => {
          if (this.closed) return;
          this.log.info('server events: LISTEN connection restored');
          this.onReconnect();
        },
        (error: unknown) => {
          this.log.warn({ err: error }, 'server events: reconnecting failed; trying again');
          this.scheduleReconnect();
        },
      );
    }, wait);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
