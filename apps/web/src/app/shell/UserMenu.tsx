import { ActionIcon, Menu } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { signOut } from '../sign-out.ts';

/** The user menu of the top bar. The display name and tenant name join it with the identity module. */
export function UserMenu() {
  const navigate = useNavigate();
  const onSignOut = () => {
    navigate('/signin', { replace: true });
    signOut();
  };
  return (
    <Menu position="bottom-end" width={200} withArrow>
      <Menu.Target>
        <ActionIcon variant="subtle" color="white" size="xl" radius="xl" aria-label="User menu">
          <IconUserCircle size={30} stroke={1.5} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
