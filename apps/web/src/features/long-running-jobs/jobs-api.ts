import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type JobStatus, type LongRunningJob, longRunningJob, POLLING_MS } from '@turnout/shared';
import { z } from 'zod';
import { ApiError, api } from '../../api/index.ts';
import { useServerEvent } from '../notifications/server-events.ts';

/**
 * Long-running jobs on the web (docs/decisions/0017-long-running-jobs.md): an import, an export
 * or a report the server works on after answering. `useLongRunningJob` keeps a screen's copy
 * of one job fresh (polled, and refetched when the server pushes a 'job' event); `followJob`
 * follows one from anywhere with the toasts of spec 01 §4 ('queued', 'started', 'complete').
 */
const one = z.object({ data: longRunningJob });

export const jobKey = (id: string) => ['long-running-job', id] as const;

export async function fetchJob(id: string, signal?: AbortSignal): Promise<LongRunningJob> {
  return (await api.get(`/long-running-job-notes/${encodeURIComponent(id)}`, { signal, schema: one })).data;
}

/** One job, polled every `intervalMs` (3 s by default, spec 01 §9) until it is complete. */
export function useLongRunningJob(id: string, intervalMs: number = POLLING_MS.longRunningJob) {
  const queryClient = useQueryClient();
  useServerEvent('job', (data) => {
    if ((data as { id?: unknown }).id === id) void queryClient.invalidateQueries({ queryKey: jobKey(id) });
  });
  return useQuery({
    queryKey: jobKey(id),
    queryFn: ({ signal }) => fetchJob(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'complete' ? false : intervalMs),
    refetchIntervalInBackground: false,
  });
}

export interface FollowOptions {
  /** What the toasts call the work: 'The import', 'The PDF report'. */
  label: string;
  /** Called once with the finished job (its result_url, notes or error). */
  onComplete?(job: LongRunningJob): void;
  /** For tests: how often to look (default 3 s). */
  intervalMs?: number;
  /** Added after the queued and started toasts ('An email … will be sent', spec 01 §8). */
  note?: string;
  /** The failure toast, when the work has its own wording (a report's, spec 01 §8). */
  failedText?(error: string): string;
}

export const JOB_TOASTS = {
  queued: (label: string) => `${label} is queued.`,
  started: (label: string) => `${label} has started.`,
  complete: (label: string) => `${label} is complete.`,
  failed: (label: string, error: string) => `${label} failed: ${error}`,
} as const;

/**
 * Follows a job every 3 seconds with one toast that says queued, started and complete (or the
 * error); resolves with the finished job. A failed look (offline for a moment) is tried again.
 */
export function followJob(id: string, options: FollowOptions): Promise<LongRunningJob> {
  const notFound = (error: unknown) => error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500;
  const toast = `job-${id}`;
  const interval = options.intervalMs ?? POLLING_MS.longRunningJob;
  let shown: JobStatus | null = null;
  const show = (status: JobStatus) => {
    const message = options.note ? `${JOB_TOASTS[status](options.label)} ${options.note}` : JOB_TOASTS[status](options.label);
    const base = { id: toast, message, withCloseButton: true };
    if (shown === null) notifications.show({ ...base, loading: true, autoClose: false });
    else notifications.update({ ...base, loading: true, autoClose: false });
    shown = status;
  };
  return new Promise((resolve, reject) => {
    const look = async () => {
      try {
        const job = await fetchJob(id);
        if (job.status !== 'complete') {
          if (job.status !== shown) show(job.status);
          setTimeout(look, interval);
          return;
        }
        const failed = job.error !== null;
        const failure = options.failedText ?? ((error: string) => JOB_TOASTS.failed(options.label, error));
        const message = failed ? failure(job.error!) : JOB_TOASTS.complete(options.label);
        const done = { id: toast, message, loading: false, color: failed ? 'red' : 'green', autoClose: failed ? 10_000 : 4_000 };
        if (shown === null) notifications.show(done);
        else notifications.update(done);
        options.onComplete?.(job);
        resolve(job);
      } catch (error) {
        // Gone or not theirs: say so and stop; anything else (offline for a moment): look again.
        if (!notFound(error)) {
          setTimeout(look, interval);
          return;
        }
        const done = { id: toast, message: JOB_TOASTS.failed(options.label, (error as Error).message), loading: false, color: 'red' };
        if (shown === null) notifications.show(done);
        else notifications.update(done);
        reject(error);
      }
    };
    void look();
  });
}
