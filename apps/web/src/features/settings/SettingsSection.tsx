import { Badge, Group, NavLink, Paper, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

interface SettingsLinkProps {
  label: string;
  to: string;
  description?: string;
  icon: ReactNode;
  badge?: string;
}

/** One row of a settings list: a link with an icon, an optional badge (e.g. 'Deprecated') and a chevron. */
export function SettingsLink({ label, to, description, icon, badge }: SettingsLinkProps) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={
        <Group gap="xs" component="span">
          <span>{label}</span>
          {badge && (
            <Badge size="sm" variant="light" color="orange" component="span">
              {badge}
            </Badge>
          )}
        </Group>
      }
      aria-label={label}
      description={description}
      leftSection={icon}
      rightSection={<IconChevronRight size={16} />}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}
