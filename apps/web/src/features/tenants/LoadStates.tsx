import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { isSignedOut } from '../../api/index.ts';

const PLACEHOLDERS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/** Row placeholders while a tenant screen loads. */
export function RowsLoading({ rows = 3, height = 58 }: { rows?: number; height?: number }) {
  return (
    <Stack role="status" gap="xs" aria-busy="true" aria-label="Loading">
      {PLACEHOLDERS.slice(0, rows).map((key) => (
        <Skeleton key={key} h={height} radius="md" />
      ))}
    </Stack>
  );
}

/** A failed load with the server's message and a retry; nothing once the session has ended. */
export function LoadFailure({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  if (isSignedOut(error)) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{error.message}</Text>
        <Button size="xs" variant="light" mih={36} onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
