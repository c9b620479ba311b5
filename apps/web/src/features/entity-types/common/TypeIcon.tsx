import {
  IconAmbulance,
  IconBook,
  IconBuildingFactory,
  IconCalendarEvent,
  IconCertificate,
  IconClipboardCheck,
  IconClipboardList,
  IconClockHour4,
  IconFileText,
  IconFireExtinguisher,
  IconFireHydrant,
  IconFiretruck,
  IconFlame,
  IconHeartbeat,
  IconIdBadge2,
  IconLayoutList,
  IconMapPin,
  IconPackage,
  IconReport,
  IconSchool,
  IconShieldCheck,
  IconTool,
  IconTruck,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type TablerIcon = ComponentType<{ size?: number | string; stroke?: number | string }>;

/**
 * Type icons are Tabler icon names (object_data.icon, e.g. 'flame'). The editor offers these;
 * another name is kept as typed and shown with the default icon.
 */
export const TYPE_ICONS: Record<string, TablerIcon> = {
  ambulance: IconAmbulance,
  book: IconBook,
  'building-factory': IconBuildingFactory,
  'calendar-event': IconCalendarEvent,
  certificate: IconCertificate,
  'clipboard-check': IconClipboardCheck,
  'clipboard-list': IconClipboardList,
  'clock-hour-4': IconClockHour4,
  'file-text': IconFileText,
  'fire-extinguisher': IconFireExtinguisher,
  'fire-hydrant': IconFireHydrant,
  firetruck: IconFiretruck,
  flame: IconFlame,
  heartbeat: IconHeartbeat,
  'id-badge-2': IconIdBadge2,
  'map-pin': IconMapPin,
  package: IconPackage,
  report: IconReport,
  school: IconSchool,
  'shield-check': IconShieldCheck,
  tool: IconTool,
  truck: IconTruck,
  users: IconUsers,
};

export const TYPE_ICON_NAMES = Object.keys(TYPE_ICONS);

export function TypeIcon({ name, size = 20 }: { name: unknown; size?: number }) {
  const Icon = (typeof name === 'string' && TYPE_ICONS[name]) || IconLayoutList;
  return <Icon size={size} stroke={1.6} />;
}
