import { ActionIcon, AppShell, Avatar, Badge, Box, Group, NavLink, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconChevronsLeft,
  IconChevronsRight,
  IconFolder,
  IconLayoutDashboard,
  IconLogout,
  IconShieldStar,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NavLink as RouterLink, useNavigate } from 'react-router';
import { actingTenantName, isGlobalAdmin } from '../../features/identity/access.ts';
import { useCurrentUser } from '../../features/identity/current-user.tsx';
import { signOut } from '../sign-out.ts';
import { initialsOf } from './UserMenu.tsx';

/** Global admins see a 'Global Admin' badge in the drawer (spec 01 §2.4). */
function GlobalAdminBadge({ collapsed }: { collapsed: boolean }) {
  if (collapsed) {
    return (
      <Tooltip label="Global Admin" position="right">
        <ThemeIcon variant="light" size={32} radius="xl" mx={10} aria-label="Global Admin">
          <IconShieldStar size={18} />
        </ThemeIcon>
      </Tooltip>
    );
  }
  return (
    <Badge variant="light" size="lg" tt="none" leftSection={<IconShieldStar size={14} />} mx="sm" data-testid="global-admin-badge">
      Global Admin
    </Badge>
  );
}

interface DrawerItem {
  label: string;
  to: string;
  icon: ReactNode;
}

/**
 * The drawer items every user has (spec 01 §2.4). Home-tree categories, screen buttons and
 * My Department join them with the modules that provide their data.
 */
const ITEMS: DrawerItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: <IconLayoutDashboard size={20} stroke={1.6} /> },
  { label: 'Documents', to: '/documents', icon: <IconFolder size={20} stroke={1.6} /> },
  { label: 'My Profile', to: '/settings', icon: <IconUser size={20} stroke={1.6} /> },
];

interface SideDrawerProps {
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onNavigate: () => void;
}

export function SideDrawer({ collapsed, onToggleCollapsed, onNavigate }: SideDrawerProps) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const item = (label: string, icon: ReactNode, props: Record<string, unknown>) => {
    const link = <NavLink label={collapsed ? undefined : label} aria-label={label} leftSection={icon} {...props} />;
    return collapsed ? (
      <Tooltip key={label} label={label} position="right">
        {link}
      </Tooltip>
    ) : (
      <div key={label}>{link}</div>
    );
  };
  const onSignOut = () => {
    navigate('/signin', { replace: true });
    signOut();
  };

  return (
    <>
      {/* The small-screen drawer adds the avatar and the display name (spec 01 §2.4). */}
      <AppShell.Section hiddenFrom="sm" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="sm" wrap="nowrap">
          <Avatar radius="xl" color="brand">
            {initialsOf(user.display_name)}
          </Avatar>
          <Box miw={0}>
            <Text fw={600} truncate>
              {user.display_name}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {actingTenantName(user)}
            </Text>
          </Box>
        </Group>
      </AppShell.Section>
      {isGlobalAdmin(user) && (
        <AppShell.Section pt="sm">
          <GlobalAdminBadge collapsed={collapsed} />
        </AppShell.Section>
      )}
      <AppShell.Section grow component="nav" aria-label="Main navigation">
        <Stack gap={2} py="xs">
          {ITEMS.map((entry) => item(entry.label, entry.icon, { component: RouterLink, to: entry.to, onClick: onNavigate }))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section pb="xs">
        {item('Sign Out', <IconLogout size={20} stroke={1.6} />, { component: 'button', type: 'button', onClick: onSignOut })}
        <ActionIcon
          visibleFrom="sm"
          variant="subtle"
          color="gray"
          m={10}
          onClick={onToggleCollapsed}
          aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
        >
          {collapsed ? <IconChevronsRight size={18} /> : <IconChevronsLeft size={18} />}
        </ActionIcon>
      </AppShell.Section>
    </>
  );
}
