import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '../../api/index.ts';

/** Tile placeholders while the navigation loads. */
export function TilesLoading() {
  return (
    <Stack role="status" gap="sm" aria-busy="true" aria-label="Loading">
      <Skeleton height={22} width={160} />
      <Group gap="md" grow>
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Group>
    </Stack>
  );
}

/** A failed load, with the server's message and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Alert color="red" icon={<IconAlertCircle />} title="Could not load the navigation" role="alert">
      <Stack gap="xs" align="flex-start">
        {message}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}
