import { ActionIcon, Button, Menu, NavLink } from '@mantine/core';
import { IconBook2, IconChevronDown, IconExternalLink, IconLink } from '@tabler/icons-react';
import type { ScreenButton } from '@turnout/shared';
import { Link } from 'react-router';
import { useHomeNavigation } from '../../features/home/home-api.ts';
import { tryResolveLink } from '../../features/home/links.ts';
import { NavIcon } from '../../features/home/NavIcon.tsx';

/** 'Quick Links' (position 'Navigation Bar') and 'Quick Docs' ('Navigation Bar - Docs'), spec 01 §2.4. */
export const QUICK_MENUS = [
  { label: 'Quick Links', position: 'navigation_bar', icon: IconLink },
  { label: 'Quick Docs', position: 'navigation_bar_docs', icon: IconBook2 },
] as const;

function useQuickButtons() {
  const { data } = useHomeNavigation({ afterFirstScreen: true });
  return QUICK_MENUS.map((menu) => ({ ...menu, buttons: data?.screen_buttons[menu.position] ?? [] })).filter((m) => m.buttons.length > 0);
}

/** The props that make an item go where a screen button says: inside the app, or outside in a new tab. */
function linkProps(button: ScreenButton): Record<string, unknown> | null {
  const link = tryResolveLink(button.navigate_to);
  if (!link) return null;
  return link.external
    ? { component: 'a', href: link.href, target: '_blank', rel: 'noopener noreferrer' }
    : { component: Link, to: link.to };
}

/**
 * The drop-downs of the top bar (from 1240 px wide); `compact` is the collapsed drawer's form
 * below 1240 px: an icon per menu, opening to the right.
 */
export function QuickMenusBar({ compact = false }: { compact?: boolean }) {
  const menus = useQuickButtons();
  return menus.map((menu) => (
    <Menu key={menu.label} position={compact ? 'right-start' : 'bottom-start'} withArrow>
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="subtle" color="gray" size={36} mx={8} aria-label={menu.label} title={menu.label}>
            <menu.icon size={20} stroke={1.6} />
          </ActionIcon>
        ) : (
          <Button
            variant="subtle"
            color="white"
            c="white"
            rightSection={<IconChevronDown size={14} />}
            leftSection={<menu.icon size={18} />}
          >
            {menu.label}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {menu.buttons.map((button) => {
          const props = linkProps(button);
          const external = props?.component === 'a';
          return (
            <Menu.Item
              key={button.id}
              leftSection={<NavIcon name={button.icon} size={16} />}
              rightSection={external ? <IconExternalLink size={14} aria-hidden /> : undefined}
              disabled={!props}
              {...(props ?? {})}
            >
              {button.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  ));
}

/** The same two menus in the drawer (below 1240 px): each a section that opens. */
export function QuickMenusDrawer({ current, onNavigate }: { current: string | undefined; onNavigate: () => void }) {
  const menus = useQuickButtons();
  // The menu holding the link of the screen shown opens, so its highlight is seen.
  return menus.map((menu) => (
    <NavLink
      key={menu.label}
      defaultOpened={menu.buttons.some((button) => current === `quick:${button.id}`)}
      component="button"
      type="button"
      label={menu.label}
      leftSection={<menu.icon size={20} stroke={1.6} />}
      childrenOffset={28}
    >
      {menu.buttons.map((button) => {
        const props = linkProps(button);
        return (
          <NavLink
            key={button.id}
            label={button.name}
            leftSection={<NavIcon name={button.icon} size={18} />}
            disabled={!props}
            onClick={onNavigate}
            active={current === `quick:${button.id}`}
            aria-current={current === `quick:${button.id}` ? 'page' : undefined}
            {...(props ?? {})}
          />
        );
      })}
    </NavLink>
  ));
}
