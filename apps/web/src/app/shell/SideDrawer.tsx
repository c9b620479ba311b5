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
import type { HomeNavigation } from '@turnout/shared';
import { LAYOUT } from '@turnout/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { MessagesBadge } from '../../features/conversations/MessagesEntry.tsx';
import { useHomeNavigation } from '../../features/home/home-api.ts';
import { tryResolveLink } from '../../features/home/links.ts';
import { NavIcon } from '../../features/home/NavIcon.tsx';
import { childrenOf, homeCategories } from '../../features/home/tree.ts';
import { actingTenantName, isGlobalAdmin, isTenantAdmin } from '../../features/identity/access.ts';
import { useCurrentUser } from '../../features/identity/current-user.tsx';
import { useScreenQuery } from '../media-query.ts';
import { signOut } from '../sign-out.ts';
import { currentPlace, type NavItem } from './current-place.ts';
import { DrawerCategories } from './DrawerCategories.tsx';
import { QUICK_MENUS, QuickMenusBar, QuickMenusDrawer } from './QuickMenus.tsx';
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

/** The drawer's fixed links, by their key among the drawer's items. */
const FIXED = {
  dashboard: '/dashboard',
  documents: '/documents',
  messages: '/conversations',
  profile: '/settings',
  department: '/admin/tenant/view',
} as const;

/** A screen button's link inside the app, or null (an address outside, or no link). */
function appLink(path: string): string | null {
  const link = tryResolveLink(path);
  return link && !link.external ? link.to : null;
}

/**
 * Every link the drawer shows, in its order, for finding the one of the screen shown: the
 * sub-categories only while the drawer has its labels (collapsed, it shows the top ones), Quick
 * Links and Quick Docs only when they are in the drawer. My Profile is the settings page only:
 * it does not stand for every settings screen (issue 20).
 */
function drawerItems(nav: HomeNavigation | undefined, options: { collapsed: boolean; quickMenus: boolean; admin: boolean }): NavItem[] {
  const categories = (list: ReturnType<typeof homeCategories>): NavItem[] =>
    list.flatMap((c) => [
      { key: `category:${c.id}`, to: `/category/${c.id}` },
      ...(options.collapsed || !nav ? [] : categories(childrenOf(nav, c))),
    ]);
  const buttons = (list: HomeNavigation['screen_buttons']['home_screen'], prefix: string): NavItem[] =>
    list.flatMap((b) => {
      const to = appLink(b.navigate_to);
      return to ? [{ key: `${prefix}:${b.id}`, to }] : [];
    });
  return [
    { key: 'dashboard', to: FIXED.dashboard },
    ...(nav ? categories(homeCategories(nav)) : []),
    ...buttons(nav?.screen_buttons.home_screen ?? [], 'button'),
    { key: 'documents', to: FIXED.documents },
    { key: 'messages', to: FIXED.messages },
    { key: 'profile', to: FIXED.profile, exact: true },
    ...(options.admin ? [{ key: 'department', to: FIXED.department }] : []),
    ...(options.quickMenus && nav ? QUICK_MENUS.flatMap((menu) => buttons(nav.screen_buttons[menu.position], 'quick')) : []),
  ];
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
  // Quick Links and Quick Docs sit in the top bar from 1240 px, in the drawer below (spec 01 §2.4).
  const narrow = useScreenQuery(`(max-width: ${LAYOUT.navigationDropDownsMinWidth - 0.02}px)`);
  // The link to the screen shown, or to its nearest parent, is highlighted in the accent colour
  // and announced as the current page; one at most (issue 20).
  const lit = currentPlace(
    location,
    drawerItems(navigation.data, { collapsed, quickMenus: narrow && !collapsed, admin: isTenantAdmin(user) }),
    navigation.data,
  )?.key;
  const current = (key: string) => ({ active: lit === key, 'aria-current': lit === key ? 'page' : undefined });
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
  const route = (key: keyof typeof FIXED, entry: Omit<DrawerItem, 'to'>, props: Record<string, unknown> = {}) =>
    item(entry.label, entry.icon, { component: RouterLink, to: FIXED[key], onClick: onNavigate, ...current(key), ...props });
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
          {route('dashboard', { label: 'Dashboard', icon: icon(IconLayoutDashboard) })}
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
              current={lit}
              onNavigate={onNavigate}
            />
          )}
          {homeButtons.map((button) => {
            const link = tryResolveLink(button.navigate_to);
            const props = !link
              ? { component: 'button', type: 'button', disabled: true }
              : link.external
                ? { component: 'a', href: link.href, target: '_blank', rel: 'noopener noreferrer', onClick: onNavigate }
                : { component: RouterLink, to: link.to, onClick: onNavigate, ...current(`button:${button.id}`) };
            return item(button.name, <NavIcon name={button.icon} />, props);
          })}
          {route('documents', { label: 'Documents', icon: icon(IconFolder) })}
          <Box hiddenFrom="sm">
            {route('messages', { label: 'Messages', icon: icon(IconMessages) }, { rightSection: <MessagesBadge /> })}
          </Box>
          {route('profile', { label: 'My Profile', icon: icon(IconUser) })}
          {isTenantAdmin(user) && route('department', { label: 'My Department', icon: icon(IconBuildingCommunity) })}
          {narrow && (collapsed ? <QuickMenusBar compact /> : <QuickMenusDrawer current={lit} onNavigate={onNavigate} />)}
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
