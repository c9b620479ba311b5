import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (sending a mail whose outcome must not show in
 * the response time). Errors are logged; shutdown waits for what is still running.
 */
export class Background {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, work: () => Promise<unknown>): void {
    const task = work().then(
      () => {},
      (error: unknown) => this.log.error({ err: error, task: name }, 'background task failed'),
    );
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  /** Resolves when everything started so far has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
