import { ActionIcon, Box, Burger, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { LAYOUT, PRODUCT_NAME } from '@turnout/shared';
import { Link } from 'react-router';
import { MessagePushes, MessagesButton } from '../../features/conversations/MessagesEntry.tsx';
import { useCurrentUser } from '../../features/identity/current-user.tsx';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { GlobalSearch } from '../../features/search/GlobalSearch.tsx';
import { useEnvironment } from '../environment.ts';
import { useScreenQuery } from '../media-query.ts';
import { barColor } from './bar-color.ts';
import { EnvironmentLabel } from './EnvironmentLabel.tsx';
import { QuickMenusBar } from './QuickMenus.tsx';
import { TurnoutLogo } from './TurnoutLogo.tsx';
import { UserMenu } from './UserMenu.tsx';

interface TopBarProps {
  drawerOpened: boolean;
  onToggleDrawer: () => void;
}

/**
 * The top bar (height 70), coloured by environment (spec 01 §1, §2.4): Quick Links and Quick
 * Docs from 1240 px, then global search, the calendar shortcut, the notification bell and the
 * user menu.
 */
export function TopBar({ drawerOpened, onToggleDrawer }: TopBarProps) {
  const environment = useEnvironment();
  // The department's own colour (My Department) when it has one, else the environment's (bar-color.ts).
  const tenantColor = useCurrentUser().tenant_record?.color;
  const color = barColor(tenantColor, environment);
  const wide = useScreenQuery(`(min-width: ${LAYOUT.navigationDropDownsMinWidth}px)`);
  return (
    <Group
      h="100%"
      px="md"
      gap="sm"
      className="turnout-top-bar"
      wrap="nowrap"
      bg={color}
      c="white"
      data-testid="top-bar"
      data-environment={environment}
      data-tenant-color={tenantColor ?? undefined}
    >
      <Burger opened={drawerOpened} onClick={onToggleDrawer} hiddenFrom="sm" size="sm" color="white" aria-label="Toggle navigation" />
      <UnstyledButton component={Link} to="/" aria-label={`${PRODUCT_NAME} home`}>
        <Group gap="xs" wrap="nowrap">
          <TurnoutLogo size={44} tile={false} ground={color} />
          <Text fw={700} fz="xl" c="white" visibleFrom="sm">
            {PRODUCT_NAME}
          </Text>
        </Group>
      </UnstyledButton>
      <EnvironmentLabel environment={environment} />
      {wide && (
        <Box component="nav" aria-label="Quick menus" display="flex" style={{ gap: 4 }} data-testid="quick-menus-bar">
          <QuickMenusBar />
        </Box>
      )}
      <Group ml="auto" gap="xs" wrap="nowrap" className="turnout-top-bar-actions">
        <GlobalSearch />
        {/* Phones have Calendar in the bottom tab bar: the 44-px targets leave no room for it here. */}
        <Tooltip label="Calendar">
          <ActionIcon component={Link} to="/calendar" variant="subtle" color="white" size="lg" aria-label="Calendar" visibleFrom="sm">
            <IconCalendar size={22} />
          </ActionIcon>
        </Tooltip>
        <MessagesButton />
        <NotificationBell />
        <MessagePushes />
        <UserMenu />
      </Group>
    </Group>
  );
}
