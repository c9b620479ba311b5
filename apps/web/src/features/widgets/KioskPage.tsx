import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { activityFeedItem } from '@turnout/shared';
import { useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FeedTable } from './FeedTable.tsx';

class KioskError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/** The kiosk's own read: plain fetch with no session (a 401 here must not sign anyone out of this browser). */
async function fetchKiosk(widget: string, key: string, signal: AbortSignal) {
  const response = await fetch(`/api/kiosk/widget/${encodeURIComponent(widget)}?key=${encodeURIComponent(key)}`, { signal });
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new KioskError(body?.message ?? `The server answered ${response.status}.`, response.status);
  return kioskPage.parse(body);
}

// The kiosk reads a public route without the app's client: its answer keeps its check.
const kioskPage = z.object({
  data: z.array(activityFeedItem),
  meta: z.object({ current_page: z.number(), last_page: z.number() }),
  widget: z.object({ name: z.string() }),
  tenant: z.object({ name: z.string(), color: z.string().nullable() }),
});

/**
 * /activity_feed_kiosk/{widget}?key=… (spec 01 §2.1, 02 §2 Kiosk): one activity feed full screen
 * with the tenant's header, outside the app shell, for a station's wall screen. It is authorised
 * by the widget's kiosk key, not by a person's session; it reads the feed every 10 s and keeps
 * trying (every 10 s) through a server restart or a network drop, showing when it last succeeded.
 */
export function KioskPage() {
  const { widget = '' } = useParams();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  // ?every=seconds: how often the wall screen reads the feed (default 10 s, spec 02 §9; at least 0.2 s).
  const every = Math.max(200, Math.round((Number(params.get('every')) || 10) * 1000));
  const query = useQuery({
    queryKey: ['kiosk', widget, key],
    queryFn: ({ signal }) => fetchKiosk(widget, key, signal),
    refetchInterval: every,
    refetchIntervalInBackground: true,
    retry: (count, error) => !(error instanceof KioskError && error.statusCode === 401) || count < 1,
    retryDelay: 10_000,
    // Only the latest page is kept: nothing grows while the kiosk runs for days.
    gcTime: 0,
  });
  // A failed read is retried every 10 s for ever, so the query never settles in error: the
  // latest failure (failureReason) is what says the server cannot be reached.
  const failure = query.error ?? query.failureReason;
  const revoked = failure instanceof KioskError && failure.statusCode === 401;
  const failing = failure !== null && query.failureCount > 0;
  const color = query.data?.tenant.color ?? '#9a0223';
  const updated = query.dataUpdatedAt ? new Date(query.dataUpdatedAt).toLocaleTimeString() : null;
  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" px="xl" py="md" style={{ background: color, color: 'white' }}>
        <Title order={1} fz={32} c="white">
          {query.data?.tenant.name ?? 'Activity Feed'}
        </Title>
        <Text fz="lg" c="white">
          {query.data?.widget.name ?? ''}
        </Text>
      </Group>
      <Stack component="main" p="xl" gap="md">
        {revoked ? (
          <Text fz="xl" role="alert">
            {failure?.message}
          </Text>
        ) : query.data ? (
          <FeedTable
            items={query.data.data}
            withTenant={false}
            context={{ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }}
            linkRecords={false}
            size="lg"
          />
        ) : failing ? (
          <Text fz="xl">Cannot reach the server; trying again every 10 seconds.</Text>
        ) : (
          <Text fz="xl">Loading…</Text>
        )}
        <Text fz="sm" c="gray.7" aria-live="polite">
          {failing && query.data ? 'Cannot reach the server; trying again every 10 seconds. ' : ''}
          {updated ? `Updated ${updated}` : ''}
        </Text>
      </Stack>
    </Box>
  );
}
