import { Avatar, Box, Group, Menu, Modal, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowsExchange, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { actingRoleLabel, actingTenantName, showsSwitcher } from '../../features/identity/access.ts';
import { useCurrentUser } from '../../features/identity/current-user.tsx';
import { TenantRoleSwitcher } from '../../features/identity/TenantRoleSwitcher.tsx';
import { signOut } from '../sign-out.ts';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The user menu of the top bar: display name and current tenant name (spec 01 §1), the switcher (§6), Sign Out. */
export function UserMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [switching, switcher] = useDisclosure(false);
  const tenantName = actingTenantName(user);
  const onSignOut = () => {
    navigate('/signin', { replace: true });
    signOut();
  };
  return (
    <>
      <Menu position="bottom-end" width={260} withArrow>
        <Menu.Target>
          <UnstyledButton
            // The name holds the text the button shows (axe label-content-name-mismatch) and says what it opens.
            aria-label={[user.display_name, tenantName, 'User menu'].filter(Boolean).join(', ')}
            data-testid="user-menu"
            style={{ borderRadius: 999 }}
            px={4}
            py={4}
          >
            <Group gap="xs" wrap="nowrap">
              <Box visibleFrom="sm" ta="right" maw={220}>
                <Text fz="sm" fw={600} c="white" truncate>
                  {user.display_name}
                </Text>
                <Text fz="xs" c="white" opacity={0.85} truncate>
                  {tenantName}
                </Text>
              </Box>
              <Avatar color="white" variant="outline" radius="xl" size={38}>
                {initialsOf(user.display_name)}
              </Avatar>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown data-testid="user-menu-dropdown">
          {/* A menu holds only items, groups and separators (axe aria-required-children): who is
              signed in is plain text in generic blocks, not paragraphs. */}
          <Box px="sm" py="xs">
            <Text component="div" fw={600} truncate>
              {user.display_name}
            </Text>
            <Text component="div" fz="sm" c="dimmed" truncate>
              {tenantName}
            </Text>
            {user.acting_role && (
              <Text component="div" fz="xs" c="dimmed" truncate>
                {actingRoleLabel(user)}
              </Text>
            )}
          </Box>
          <Menu.Divider />
          {showsSwitcher(user) && (
            <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={switcher.open}>
              Switch Tenant / Role
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconSettings size={16} />} component={Link} to="/settings">
            Settings
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut}>
            Sign Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={switching} onClose={switcher.close} title="Switch Tenant / Role" centered>
        <TenantRoleSwitcher user={user} onDone={switcher.close} />
      </Modal>
    </>
  );
}
