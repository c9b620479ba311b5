import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconCalendar, IconChecklist, IconHome, IconMenu2, IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHomeNavigation } from '../../features/home/home-api.ts';
import { useCurrentUser } from '../../features/identity/current-user.tsx';
import { useEnvironment } from '../environment.ts';
import { barColor } from './bar-color.ts';
import { TABS, type TabKey } from './bottom-tabs.ts';
import { currentPlace } from './current-place.ts';

const TAB_ITEMS = TABS.map((tab) => ({ key: tab.key, to: tab.start }));

const ICONS: Record<TabKey, ReactNode> = {
  home: <IconHome size={22} stroke={1.6} />,
  tasks: <IconChecklist size={22} stroke={1.6} />,
  calendar: <IconCalendar size={22} stroke={1.6} />,
  settings: <IconSettings size={22} stroke={1.6} />,
};

function Tab({ label, icon, active, onClick }: { label: string; icon: ReactNode; active?: boolean; onClick: () => void }) {
  return (
    <UnstyledButton
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      flex={1}
      h="100%"
      c="white"
      opacity={active ? 1 : 0.8}
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      {/* The current tab's icon sits on a white pill in the accent colour (issue 20): the bar
          itself is the accent or the environment's colour, so the accent shows on white. */}
      <Box
        component="span"
        display="flex"
        w={52}
        h={26}
        style={{
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 13,
          background: active ? 'var(--mantine-color-white)' : undefined,
          color: active ? 'var(--mantine-primary-color-filled)' : undefined,
        }}
      >
        {icon}
      </Box>
      <Text fz={11} fw={active ? 700 : 500} c="white">
        {label}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The phone's bottom tabs (spec 01 §2.3): Home, Tasks, Calendar, Settings and Menu (opens the
 * drawer). A tab goes to its start screen, so pressing the active tab again resets it; the bar
 * is coloured by environment like the top bar.
 */
export function BottomTabs({ onOpenMenu }: { onOpenMenu: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  // A list or a record is Home's when its type is in the home tree (issue 20).
  const nav = useHomeNavigation({ afterFirstScreen: true }).data;
  const environment = useEnvironment();
  const tenantColor = useCurrentUser().tenant_record?.color;
  const current = currentPlace(location, TAB_ITEMS, nav)?.key;
  return (
    <Group
      component="nav"
      aria-label="Tabs"
      h="100%"
      gap={0}
      wrap="nowrap"
      bg={barColor(tenantColor, environment)}
      data-testid="bottom-tabs"
    >
      {TABS.map((tab) => (
        <Tab
          key={tab.key}
          label={tab.label}
          icon={ICONS[tab.key]}
          active={current === tab.key}
          onClick={() => {
            navigate(tab.start);
            window.scrollTo({ top: 0 });
          }}
        />
      ))}
      <Tab label="Menu" icon={<IconMenu2 size={22} stroke={1.6} />} onClick={onOpenMenu} />
    </Group>
  );
}
