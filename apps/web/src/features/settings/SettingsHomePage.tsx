import { Badge, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDatabase, IconLock, IconRefresh, IconReportAnalytics, IconShieldCheck, IconTool } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { BUILD_INFO } from '../../api/build-info.ts';
import { useEnvironment } from '../../app/environment.ts';
import { useHealth } from '../../app/health.ts';
import { actingRoleLabel, actingTenantName, canOpenAdminTools } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { USER_QUERY_KEY } from '../identity/user-api.ts';
import { MfaEnrolmentModal } from '../mfa/MfaEnrolmentModal.tsx';
import { useCanUseLegacyEditor } from '../permissions/gates.ts';
import { SettingsLink, SettingsSection } from './SettingsSection.tsx';
import { SignInAsBox } from './SignInAsBox.tsx';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString();
}

function MultiFactorSection() {
  const user = useCurrentUser();
  const [enrolling, enrolment] = useDisclosure(false);
  return (
    <SettingsSection title="Multi-Factor Authentication">
      {user.mfa_enrolled_at ? (
        <Group gap="sm">
          <Badge color="green" variant="light" leftSection={<IconShieldCheck size={14} />}>
            Set up
          </Badge>
          <Text fz="sm">Multi-factor authentication is set up since {formatDate(user.mfa_enrolled_at)}.</Text>
        </Group>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">
            Protect your account with a code from an authenticator app each time you sign in.
            {user.mfa_enrol_by ? ` Your department asks you to set it up by ${user.mfa_enrol_by}.` : ''}
          </Text>
          <Button leftSection={<IconLock size={16} />} onClick={enrolment.open}>
            Set up Multi-Factor Authentication
          </Button>
        </Stack>
      )}
      <MfaEnrolmentModal user={user} opened={enrolling} mandatory={false} onClose={enrolment.close} />
    </SettingsSection>
  );
}

function AboutSection() {
  const environment = useEnvironment();
  const health = useHealth();
  const queryClient = useQueryClient();
  const apiVersion = health.data
    ? `${health.data.version} (build ${health.data.build_hash})`
    : health.isError
      ? `unavailable: ${health.error.message}`
      : 'loading…';
  // 'Update Ember' (spec 03 §2): forgets every cached configuration, reloads the user, then the page.
  const updateEmber = async () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
    await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    notifications.show({ color: 'green', message: 'Cache cleared.' });
    window.setTimeout(() => window.location.reload(), 1200);
  };
  return (
    <SettingsSection title="About">
      <Table variant="vertical" layout="fixed" withTableBorder={false} fz="sm">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={140}>Build</Table.Th>
            <Table.Td data-testid="build-hash">{BUILD_INFO.hash}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Environment</Table.Th>
            <Table.Td data-testid="environment">{environment}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>API version</Table.Th>
            <Table.Td data-testid="api-version">{apiVersion}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Button mt="md" variant="light" leftSection={<IconRefresh size={16} />} onClick={() => void updateEmber()}>
        Update Ember
      </Button>
    </SettingsSection>
  );
}

/** /settings (spec 03 §2 'Settings home'). */
export function SettingsHomePage() {
  const user = useCurrentUser();
  const canUseLegacyEditor = useCanUseLegacyEditor();
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Settings</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SettingsSection title="My Profile">
          <Stack gap={2}>
            <Text fw={600}>{user.display_name}</Text>
            <Text fz="sm" c="dimmed">
              {user.email}
            </Text>
            <Text fz="sm">
              {actingTenantName(user)}
              {user.acting_role ? ` · ${actingRoleLabel(user)}` : ''}
            </Text>
          </Stack>
        </SettingsSection>
        <MultiFactorSection />
        <SettingsSection title="Administration">
          <Stack gap={2}>
            {canOpenAdminTools(user) && (
              <SettingsLink label="Admin Tools" to="/settings/admin-tools/index" icon={<IconTool size={20} stroke={1.6} />} />
            )}
            {canUseLegacyEditor && (
              <SettingsLink
                label="Permissions Editor"
                to="/settings/admin-tools/permissions"
                badge="Deprecated"
                icon={<IconLock size={20} stroke={1.6} />}
              />
            )}
            <SettingsLink label="Collections" to="/settings/collections" icon={<IconDatabase size={20} stroke={1.6} />} />
            <SettingsLink label="Reports" to="/settings/reports/index" icon={<IconReportAnalytics size={20} stroke={1.6} />} />
          </Stack>
        </SettingsSection>
        {user.can_sign_in_as && (
          <SettingsSection title="Sign in as user">
            <SignInAsBox />
          </SettingsSection>
        )}
        <AboutSection />
      </SimpleGrid>
    </Stack>
  );
}
