import { ActionIcon, Badge, Box, CloseButton, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowsSort,
  IconFilter,
  IconLayoutGrid,
  IconList,
  IconMenu2,
  IconSearch,
  IconSortAscendingLetters,
  IconSortDescendingLetters,
  IconTable,
  IconTimeline,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type ListView, SORT_LABELS, type Sort } from './list-model.ts';
import { ViewSwitch } from './ViewSwitch.tsx';

const SORT_ICONS: Record<Sort, ReactNode> = {
  default: <IconArrowsSort size={20} />,
  a_to_z: <IconSortAscendingLetters size={20} />,
  z_to_a: <IconSortDescendingLetters size={20} />,
};
const VIEW_LABELS: Record<ListView, { label: string; icon: ReactNode }> = {
  grid: { label: 'Grid', icon: <IconLayoutGrid size={16} /> },
  list: { label: 'List', icon: <IconList size={16} /> },
  table: { label: 'Table', icon: <IconTable size={16} /> },
  schedule: { label: 'Schedule', icon: <IconTimeline size={16} /> },
};

export interface PageHeaderProps {
  title: string;
  subtitle?: string | undefined;
  /** Back (a screen below this one) or burger (opens the drawer); the shell's top bar holds the burger otherwise. */
  leading?: { kind: 'back'; onBack(): void } | { kind: 'burger'; onOpen(): void } | undefined;
  /** The search box, collapsed behind an icon until opened (or while it holds text). */
  search?: { value: string; onChange(value: string): void; label: string } | undefined;
  /** The sort toggle: each press moves to the next sort option. */
  sort?: { value: Sort; onCycle(): void } | undefined;
  filter?: { count: number; onOpen(): void } | undefined;
  view?: { value: ListView; options: readonly ListView[]; onChange(view: ListView): void } | undefined;
  /** Slot for the notifications bell with its unread badge (the notifications module fills it). */
  notifications?: ReactNode;
  datePicker?: ReactNode;
  /** The right action button, e.g. Add. */
  action?: ReactNode;
  /** An options menu beside the action. */
  menu?: ReactNode;
  buttonBar?: ReactNode;
  /** Banners under the header: active alerts, queued updates, unsaved drafts. */
  banners?: ReactNode;
}

/** The page header of lists (spec 02 §2 'Page header'). */
export function PageHeader(props: PageHeaderProps) {
  const { search, sort, filter, view, leading } = props;
  const [searchOpen, setSearchOpen] = useState(false);
  const showSearch = search !== undefined && (searchOpen || search.value !== '');
  return (
    <Stack gap="xs" component="header">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap" miw={0}>
          {leading?.kind === 'back' && (
            <ActionIcon variant="subtle" size="lg" aria-label="Back" onClick={leading.onBack}>
              <IconArrowLeft size={20} />
            </ActionIcon>
          )}
          {leading?.kind === 'burger' && (
            <ActionIcon variant="subtle" size="lg" aria-label="Open menu" onClick={leading.onOpen}>
              <IconMenu2 size={20} />
            </ActionIcon>
          )}
          <Box miw={0}>
            <Title order={1} lineClamp={1}>
              {props.title}
            </Title>
            {props.subtitle && (
              <Text c="gray.7" fz="sm" lineClamp={1}>
                {props.subtitle}
              </Text>
            )}
          </Box>
        </Group>
        <Group gap={6} wrap="wrap">
          {search && !showSearch && (
            <Tooltip label={search.label}>
              <ActionIcon variant="subtle" size="lg" aria-label={search.label} onClick={() => setSearchOpen(true)}>
                <IconSearch size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          {sort && (
            <Tooltip label={`Sort: ${SORT_LABELS[sort.value]}`}>
              <ActionIcon variant="subtle" size="lg" aria-label={`Sort: ${SORT_LABELS[sort.value]}`} onClick={sort.onCycle}>
                {SORT_ICONS[sort.value]}
              </ActionIcon>
            </Tooltip>
          )}
          {filter && (
            <Tooltip label="Filters">
              <ActionIcon
                variant={filter.count > 0 ? 'light' : 'subtle'}
                size="lg"
                aria-label={filter.count > 0 ? `Filters (${filter.count} applied)` : 'Filters'}
                onClick={filter.onOpen}
                pos="relative"
              >
                <IconFilter size={20} />
                {filter.count > 0 && (
                  <Badge size="xs" circle pos="absolute" top={-4} right={-4}>
                    {filter.count}
                  </Badge>
                )}
              </ActionIcon>
            </Tooltip>
          )}
          {view && view.options.length > 1 && (
            <ViewSwitch
              label="View"
              value={view.value}
              onChange={view.onChange}
              options={view.options.map((v) => ({ value: v, ...VIEW_LABELS[v] }))}
            />
          )}
          {props.datePicker}
          {props.notifications}
          {props.action}
          {props.menu}
        </Group>
      </Group>
      {showSearch && search && (
        <TextInput
          autoFocus
          aria-label={search.label}
          placeholder={search.label}
          leftSection={<IconSearch size={16} />}
          value={search.value}
          onChange={(event) => search.onChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              search.onChange('');
              setSearchOpen(false);
            }
          }}
          rightSection={
            <CloseButton
              aria-label="Close search"
              onClick={() => {
                search.onChange('');
                setSearchOpen(false);
              }}
            />
          }
        />
      )}
      {props.buttonBar}
      {props.banners}
    </Stack>
  );
}
