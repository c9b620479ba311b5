import {
  IconAlertTriangle,
  IconBook,
  IconBuilding,
  IconCalendar,
  IconChecklist,
  IconExternalLink,
  IconFile,
  IconFolder,
  IconHome,
  IconLayoutGrid,
  IconLayoutList,
  IconLink,
  IconList,
  IconSitemap,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { TYPE_ICONS } from '../entity-types/common/TypeIcon.tsx';

type TablerIcon = ComponentType<{ size?: number | string; stroke?: number | string; 'aria-hidden'?: boolean }>;

/**
 * Icons of categories, screen buttons and types: Tabler icon names (as the type editor offers
 * them, plus a few for navigation). An unknown name shows the default icon.
 */
const NAV_ICONS: Record<string, TablerIcon> = {
  ...TYPE_ICONS,
  'alert-triangle': IconAlertTriangle,
  book: IconBook,
  building: IconBuilding,
  calendar: IconCalendar,
  checklist: IconChecklist,
  'external-link': IconExternalLink,
  file: IconFile,
  folder: IconFolder,
  home: IconHome,
  'layout-grid': IconLayoutGrid,
  link: IconLink,
  list: IconList,
  sitemap: IconSitemap,
};

export function navIconFor(name: unknown): TablerIcon {
  return (typeof name === 'string' && NAV_ICONS[name]) || IconLayoutList;
}

export function NavIcon({ name, size = 20 }: { name: unknown; size?: number }) {
  const Icon = navIconFor(name);
  return <Icon size={size} stroke={1.6} aria-hidden />;
}
