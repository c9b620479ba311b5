import { ActionIcon, AppShell, Avatar, Badge, Box, Group, NavLink, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconChevronsLeft,
  IconChevronsRight,
  IconFolder,
  IconLayoutDashboard,
  IconLogout,
  IconMessages,
  IconShieldStar,
  IconUser,
} from '@tabler/icons-react';
import { LAYOUT } from '@turnout/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { MessagesBadge } from '../../features/conversations/MessagesEntry.tsx';
import { useHomeNavigation } from '../../features/home/home-api.ts';
import { tryResolveLink } from '../../features/home/links.ts';
import { NavIcon } from '../../features/home/NavIcon.tsx';
import { homeCategories } from '../../features/home/tree.ts';
import { actingTenantName, isGlobalAdmin, isTenantAdmin } from '../../features/identity/access.ts';
import { useCurrentUser } from '../../features/identity/current-user.tsx';
import { useScreenQuery } from '../media-query.ts';
import { signOut } from '../sign-out.ts';
import { isCurrentLink } from './bottom-tabs.ts';
import { DrawerCategories } from './DrawerCategories.tsx';
import { QuickMenusBar, QuickMenusDrawer } from './QuickMenus.tsx';
import classes from './Shell.module.css';
import { initialsOf } from './UserMenu.tsx';

/** Global admins see a 'Global Admin' badge in the drawer (spec 01 §2.4). */
function GlobalAdminBadge({ collapsed }: { collapsed: boolean }) {
  if (collapsed) {
    return (
      <Tooltip label="Global Admin" position="right">
        <ThemeIcon variant="light" size={32} radius="xl" mx={10} role="img" aria-label="Global Admin">
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

const icon = (Icon: typeof IconUser) => <Icon size={20} stroke={1.6} />;

interface SideDrawerProps {
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onNavigate: () => void;
}

export function SideDrawer({ collapsed, onToggleCollapsed, onNavigate }: SideDrawerProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const navigation = useHomeNavigation({ afterFirstScreen: true });
  // The link to the screen shown is highlighted and announced as the current page.
  const current = (to: string) => {
    const active = isCurrentLink(to, location);
    return { active, 'aria-current': active ? 'page' : undefined };
  };
  // Quick Links and Quick Docs sit in the top bar from 1240 px, in the drawer below (spec 01 §2.4).
  const narrow = useScreenQuery(`(max-width: ${LAYOUT.navigationDropDownsMinWidth - 0.02}px)`);
  const item = (label: string, leftSection: ReactNode, props: Record<string, unknown>) => {
    const link = <NavLink label={collapsed ? undefined : label} aria-label={label} leftSection={leftSection} {...props} />;
    return collapsed ? (
      <Tooltip key={label} label={label} position="right">
        {link}
      </Tooltip>
    ) : (
      <div key={label}>{link}</div>
    );
  };
  const route = (entry: DrawerItem) =>
    item(entry.label, entry.icon, { component: RouterLink, to: entry.to, onClick: onNavigate, ...current(entry.to) });
  const onSignOut = () => {
    navigate('/signin', { replace: true });
    signOut();
  };
  const homeButtons = navigation.data?.screen_buttons.home_screen ?? [];

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
      {/* The browser's own scrolling: Mantine's ScrollArea measured the page in its effects while
          every signed-in screen first rendered (issue 20, Total Blocking Time). */}
      <AppShell.Section grow className={classes.navigation}>
        <Stack component="nav" aria-label="Main navigation" gap={2} py="xs">
          {route({ label: 'Dashboard', to: '/dashboard', icon: icon(IconLayoutDashboard) })}
          {navigation.isPending && !collapsed && (
            <Stack gap={6} px="sm" py={4} role="status" aria-busy="true" aria-label="Loading categories">
              <Skeleton height={16} width="70%" />
              <Skeleton height={16} width="55%" />
            </Stack>
          )}
          {navigation.data && (
            <DrawerCategories
              nav={navigation.data}
              categories={homeCategories(navigation.data)}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          )}
          {homeButtons.map((button) => {
            const link = tryResolveLink(button.navigate_to);
            const props = !link
              ? { component: 'button', type: 'button', disabled: true }
              : link.external
                ? { component: 'a', href: link.href, target: '_blank', rel: 'noopener noreferrer', onClick: onNavigate }
                : { component: RouterLink, to: link.to, onClick: onNavigate, ...current(link.to) };
            return item(button.name, <NavIcon name={button.icon} />, props);
          })}
          {route({ label: 'Documents', to: '/documents', icon: icon(IconFolder) })}
          <Box hiddenFrom="sm">
            {item('Messages', icon(IconMessages), {
              component: RouterLink,
              to: '/conversations',
              onClick: onNavigate,
              rightSection: <MessagesBadge />,
            })}
          </Box>
          {route({ label: 'My Profile', to: '/settings', icon: icon(IconUser) })}
          {isTenantAdmin(user) && route({ label: 'My Department', to: '/admin/tenant/view', icon: icon(IconBuildingCommunity) })}
          {narrow && (collapsed ? <QuickMenusBar compact /> : <QuickMenusDrawer onNavigate={onNavigate} />)}
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
