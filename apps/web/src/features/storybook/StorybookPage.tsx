import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ENVIRONMENT_BAR_COLOR, ENVIRONMENTS, FOOTER_TEXT, PASSWORD_HELP_TEXT } from '@turnout/shared';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { EnvironmentLabel } from '../../app/shell/EnvironmentLabel.tsx';
import { TurnoutLogo } from '../../app/shell/TurnoutLogo.tsx';

// Every field type's editor: loaded after the page, so the showcase's own bundle stays small.
const FieldShowcase = lazy(() => import('./FieldShowcase.tsx'));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /storybook: the developer component showcase of spec 01 §2.1, open without signing in. */
export function StorybookPage() {
  return (
    <Box bg="gray.0" mih="100dvh" py="xl">
      <Container size="md">
        <Stack gap="lg">
          <Group justify="space-between">
            <Title order={1}>Component showcase</Title>
            <Anchor component={Link} to="/signin">
              Sign In
            </Anchor>
          </Group>
          <Section title="Logo">
            <Group>
              <TurnoutLogo size={72} />
              <TurnoutLogo size={44} />
              <Box bg={ENVIRONMENT_BAR_COLOR.development} p={6} style={{ borderRadius: 8 }}>
                <TurnoutLogo size={44} tile={false} ground={ENVIRONMENT_BAR_COLOR.development} />
              </Box>
            </Group>
          </Section>
          <Section title="Environment bars">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {ENVIRONMENTS.map((environment) => (
                <Group key={environment} h={70} px="md" bg={ENVIRONMENT_BAR_COLOR[environment]} style={{ borderRadius: 8 }}>
                  <Text c="white" fw={700}>
                    {environment}
                  </Text>
                  <EnvironmentLabel environment={environment} />
                </Group>
              ))}
            </SimpleGrid>
          </Section>
          <Section title="Buttons and badges">
            <Group>
              <Button>Save</Button>
              <Button variant="light">Cancel</Button>
              <Button variant="outline">Export</Button>
              <Button color="red" variant="filled">
                Delete
              </Button>
              <Button loading>Saving</Button>
              <Badge>Global Admin</Badge>
            </Group>
          </Section>
          <Section title="Fields">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Email" placeholder="name@department.org" />
              <TextInput label="Email" defaultValue="not-an-email" error="The email must be a valid email address." />
              <PasswordInput label="Password" description={PASSWORD_HELP_TEXT} />
              <TextInput label="Disabled" defaultValue="Read only" disabled />
            </SimpleGrid>
          </Section>
          <Section title="Messages">
            <Stack>
              <Alert color="red" variant="light" title="Banner">
                Sign-in is unavailable: Not found.
              </Alert>
              <Group>
                <Button variant="default" onClick={() => notifications.show({ message: 'Updated Successfully', color: 'green' })}>
                  Success toast
                </Button>
                <Button variant="default" onClick={() => notifications.show({ message: 'An error occurred: example', color: 'red' })}>
                  Danger toast
                </Button>
              </Group>
            </Stack>
          </Section>
          <Suspense fallback={<Loader role="status" aria-label="Loading the field showcase" />}>
            <FieldShowcase />
          </Suspense>
          <Text ta="center" fz="xs" c="dimmed">
            {FOOTER_TEXT}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
