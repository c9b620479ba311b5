import { NavLink, Tooltip } from '@mantine/core';
import type { HomeNavigation, TreeCategory } from '@turnout/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NavIcon } from '../../features/home/NavIcon.tsx';
import { ancestorsOf, categoryById, childrenOf } from '../../features/home/tree.ts';

interface DrawerCategoriesProps {
  nav: HomeNavigation;
  categories: TreeCategory[];
  collapsed: boolean;
  /** The key of the drawer's current item ('category:{id}' when it is a category). */
  current: string | undefined;
  onNavigate: () => void;
}

/**
 * One drawer entry per home-tree category, with its sub-categories nested below (spec 01
 * §2.4). Opening a section closes the other open one at the same depth. Each entry also goes
 * to its category screen.
 */
export function DrawerCategories({ nav, categories, collapsed, current, onNavigate }: DrawerCategoriesProps) {
  // The open section per depth: its category id.
  const [open, setOpen] = useState<string[]>([]);
  const navigate = useNavigate();
  // When the current place changes to a sub-category, the sections above it open, so its
  // highlight is seen (React's way of adjusting state to a prop: during the render).
  const [openedFor, setOpenedFor] = useState<string | undefined>(undefined);
  if (current !== openedFor) {
    setOpenedFor(current);
    const category = current?.startsWith('category:') ? categoryById(nav, current.slice('category:'.length)) : undefined;
    const above = category
      ? ancestorsOf(nav, category)
          .filter((c) => c.id !== nav.home)
          .map((c) => c.id)
      : [];
    if (above.some((id, depth) => open[depth] !== id)) setOpen(above);
  }

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
        active={current === `category:${category.id}`}
        aria-current={current === `category:${category.id}` ? 'page' : undefined}
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
