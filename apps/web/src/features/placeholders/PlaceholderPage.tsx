import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';

interface PlaceholderPageProps {
  title: string;
  /** What is coming and with which module, e.g. 'Tasks arrive with the tasks module.' */
  coming: string;
}

/** An honest stand-in for a screen a later module builds: it names what is coming, it shows no data. */
export function PlaceholderPage({ title, coming }: PlaceholderPageProps) {
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} fz={28}>
        {title}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="md">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconCompass size={28} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>Not built yet</Text>
          <Text c="dimmed" ta="center">
            {coming}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
