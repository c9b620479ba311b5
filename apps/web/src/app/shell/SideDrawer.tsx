import { ActionIcon, AppShell, NavLink, Stack, Tooltip } from '@mantine/core';
import { IconChevronsLeft, IconChevronsRight, IconFolder, IconLayoutDashboard, IconLogout, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NavLink as RouterLink, useNavigate } from 'react-router';
import { signOut } from '../sign-out.ts';

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
