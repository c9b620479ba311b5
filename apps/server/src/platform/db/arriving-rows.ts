import pg from 'pg';

/**
 * A query whose rows are read in batches as they arrive: the `cursor` Kysely's PostgreSQL dialect
 * asks for to `stream()` a query. Unlike pg-cursor it sends the query as pg always does, with no
 * row limit per Execute: PostgreSQL runs a portal with a row limit without parallel workers, and
 * the calendar's records SQL (a sort of a parallel scan) then took longer. The rows still come
 * over the socket one message at a time after the query's sort, and each batch is handed on as
 * soon as it is there (docs/decisions/0038-calendar-streamed-answer.md).
 *
 * The rows are not held back: there is no way to pause them short of a cursor, and the month
 * call's at most 5,000 rows a type are what the plain query held in memory before. `close()`
 * before the end lets the remaining rows go by (the connection's next query waits for them).
 */
export class ArrivingRows<Row = Record<string, unknown>> extends pg.Query {
  #rows: Row[] = [];
  #ended = false;
  #error: Error | undefined;
  #waiting: { n: number; resolve: (rows: Row[]) => void; reject: (error: Error) => void } | undefined;

  constructor(text: string, values?: unknown[]) {
    super(text, values);
    // A 'row' listener also tells pg not to keep the rows in its result (pg/lib/query.js).
    this.on('row', (row: Row) => {
      this.#rows.push(row);
      if (this.#waiting && this.#rows.length >= this.#waiting.n) this.#hand();
    });
    this.on('end', () => {
      this.#ended = true;
      this.#hand();
    });
    this.on('error', (error: Error) => {
      this.#error = error;
      this.#ended = true;
      this.#hand();
    });
  }

  #hand(): void {
    const waiting = this.#waiting;
    if (!waiting) return;
    this.#waiting = undefined;
    if (this.#error) waiting.reject(this.#error);
    else waiting.resolve(this.#rows.splice(0, waiting.n));
  }

  /** The next at most `n` rows, once `n` have arrived or the query ended; none at the end. */
  read(n: number): Promise<Row[]> {
    if (this.#error) return Promise.reject(this.#error);
    if (this.#rows.length >= n || this.#ended) return Promise.resolve(this.#rows.splice(0, n));
    return new Promise((resolve, reject) => {
      this.#waiting = { n, resolve, reject };
    });
  }

  /** Stops handing rows on; those still to come are dropped as they arrive. */
  close(): Promise<void> {
    this.removeAllListeners('row');
    this.#rows = [];
    return Promise.resolve();
  }
}
