import { Badge, Group, Stack, Text } from '@mantine/core';
import { type PersonnelLogin, roleLabel, type TenantLogin, type UserLogin } from '@turnout/shared';
import type { ReactNode } from 'react';

function Row({ title, subtitle, badges }: { title: string; subtitle: ReactNode; badges: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} miw={0}>
        <Text fw={600} truncate>
          {title}
        </Text>
        <Text fz="sm" c="dimmed" truncate>
          {subtitle}
        </Text>
      </Stack>
      <Group gap={6} wrap="nowrap">
        {badges}
      </Group>
    </Group>
  );
}

function SignInBadge({ enabled }: { enabled: boolean }) {
  return enabled ? null : (
    <Badge color="red" variant="light">
      Sign-in disabled
    </Badge>
  );
}

export function TenantRow({ tenant }: { tenant: TenantLogin }) {
  return <Row title={tenant.display_name} subtitle={tenant.name} badges={<SignInBadge enabled={tenant.signInEnabled} />} />;
}

export function UserRow({ user }: { user: UserLogin }) {
  const where = user.tenants.map((tenant) => tenant.display_name).join(', ');
  const roles = [...new Set(user.roles.map((role) => role.label))].join(', ');
  return (
    <Row
      title={user.name}
      subtitle={[user.email, roles, where].filter(Boolean).join(' · ')}
      badges={
        <>
          {user.mfa_enrolled_at && (
            <Badge color="green" variant="light">
              MFA
            </Badge>
          )}
          <SignInBadge enabled={user.signInEnabled} />
        </>
      }
    />
  );
}

export function PersonnelRow({ person }: { person: PersonnelLogin }) {
  return (
    <Row
      title={person.display_name}
      subtitle={[person.email_address, roleLabel(person.role), person.tenant_name].filter(Boolean).join(' · ')}
      badges={
        person.member_status1 === 'past' ? (
          <Badge color="gray" variant="light">
            Past member
          </Badge>
        ) : null
      }
    />
  );
}
