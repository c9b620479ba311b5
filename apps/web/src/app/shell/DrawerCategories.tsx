import { NavLink, Tooltip } from '@mantine/core';
import type { HomeNavigation, TreeCategory } from '@turnout/shared';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NavIcon } from '../../features/home/NavIcon.tsx';
import { childrenOf } from '../../features/home/tree.ts';

interface DrawerCategoriesProps {
  nav: HomeNavigation;
  categories: TreeCategory[];
  collapsed: boolean;
  onNavigate: () => void;
}

/**
 * One drawer entry per home-tree category, with its sub-categories nested below (spec 01
 * §2.4). Opening a section closes the other open one at the same depth. Each entry also goes
 * to its category screen.
 */
export function DrawerCategories({ nav, categories, collapsed, onNavigate }: DrawerCategoriesProps) {
  // The open section per depth: its category id.
  const [open, setOpen] = useState<string[]>([]);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const entry = (category: TreeCategory, depth: number) => {
    const children = collapsed ? [] : childrenOf(nav, category);
    const to = `/category/${category.id}`;
    const icon = <NavIcon name={category.icon} size={depth === 0 ? 20 : 18} />;
    const toggle = () =>
      setOpen((current) => (current[depth] === category.id ? current.slice(0, depth) : [...current.slice(0, depth), category.id]));
    const link = (
      <NavLink
        key={category.id}
        component={Link}
        to={to}
        label={collapsed ? undefined : category.display_name}
        aria-label={category.display_name}
        leftSection={icon}
        active={pathname === to}
        aria-current={pathname === to ? 'page' : undefined}
        opened={children.length > 0 ? open[depth] === category.id : undefined}
        onChange={toggle}
        onClick={() => {
          // An entry with sub-categories opens its section (the link itself is held back by
          // NavLink) and shows its screen; the slide-in drawer stays open to pick further.
          if (children.length > 0) navigate(to);
          else onNavigate();
        }}
        childrenOffset={20}
      >
        {children.length > 0 ? children.map((child) => entry(child, depth + 1)) : undefined}
      </NavLink>
    );
    return collapsed ? (
      <Tooltip key={category.id} label={category.display_name} position="right">
        {link}
      </Tooltip>
    ) : (
      link
    );
  };

  return categories.map((category) => entry(category, 0));
}
