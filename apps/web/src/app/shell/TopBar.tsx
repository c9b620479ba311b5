import { Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { ENVIRONMENT_BAR_COLOR, PRODUCT_NAME } from '@turnout/shared';
import { Link } from 'react-router';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { useEnvironment } from '../environment.ts';
import { EnvironmentLabel } from './EnvironmentLabel.tsx';
import { TurnoutLogo } from './TurnoutLogo.tsx';
import { UserMenu } from './UserMenu.tsx';

interface TopBarProps {
  drawerOpened: boolean;
  onToggleDrawer: () => void;
}

/** The top bar (height 70), coloured by environment (spec 01 §1, §2.4). */
export function TopBar({ drawerOpened, onToggleDrawer }: TopBarProps) {
  const environment = useEnvironment();
  const color = ENVIRONMENT_BAR_COLOR[environment];
  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap" bg={color} c="white" data-testid="top-bar" data-environment={environment}>
      <Burger opened={drawerOpened} onClick={onToggleDrawer} hiddenFrom="sm" size="sm" color="white" aria-label="Toggle navigation" />
      <UnstyledButton component={Link} to="/" aria-label={`${PRODUCT_NAME} home`}>
        <Group gap="xs" wrap="nowrap">
          <TurnoutLogo size={44} tile={false} ground={color} />
          <Text fw={700} fz="xl" c="white">
            {PRODUCT_NAME}
          </Text>
        </Group>
      </UnstyledButton>
      <EnvironmentLabel environment={environment} />
      <Group ml="auto" gap="xs" wrap="nowrap">
        <NotificationBell />
        <UserMenu />
      </Group>
    </Group>
  );
}
