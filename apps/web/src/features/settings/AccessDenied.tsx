import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What a screen shows to a user whose role may not use it: says why, offers a way back. */
export function AccessDenied({ title, reason }: { title: string; reason: string }) {
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{title}</Title>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="md">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconLock size={28} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>No access</Text>
          <Text c="dimmed" ta="center">
            {reason}
          </Text>
          <Button component={Link} to="/settings" variant="light">
            Back to Settings
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Renders `children` only when `allowed`, else the no-access screen. The server enforces the same rule. */
export function Gate({ allowed, title, reason, children }: { allowed: boolean; title: string; reason: string; children: ReactNode }) {
  return allowed ? children : <AccessDenied title={title} reason={reason} />;
}
