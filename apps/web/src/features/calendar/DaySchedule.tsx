import { ActionIcon, Badge, Box, Group, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconRepeat } from '@tabler/icons-react';
import type { CalendarItem } from '@turnout/shared';
import { CALENDAR_MESSAGES } from '@turnout/shared';
import { dayKey, daysOfMonth } from './calendar-model.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short' });

/** One calendar item as a row: time, colour, title; a virtual (recurring) one is marked. */
export function ItemRow({ item, onOpen }: { item: CalendarItem; onOpen(item: CalendarItem): void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(item)}
      data-testid="calendar-item"
      mih={44}
      px="xs"
      style={{ display: 'block', width: '100%', borderLeft: `4px solid ${item.color ?? 'var(--mantine-primary-color-filled)'}` }}
    >
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="gray.7" w={72} style={{ flexShrink: 0 }}>
          {item.all_day ? 'All day' : timeFormat.format(new Date(item.start))}
        </Text>
        <Text size="sm" fw={500} lineClamp={2} style={{ flex: 1 }}>
          {item.title}
        </Text>
        {item.virtual ? (
          <Badge size="sm" variant="light" leftSection={<IconRepeat size={12} />}>
            Recurring
          </Badge>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}

/** A day's items, or 'No events.' */
export function DayItems({ items, onOpen }: { items: CalendarItem[]; onOpen(item: CalendarItem): void }) {
  if (items.length === 0) return <Text c="gray.7">{CALENDAR_MESSAGES.noEvents}</Text>;
  return (
    <Stack gap={4}>
      {items.map((item) => (
        <ItemRow key={item.id} item={item} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

interface DayScheduleProps {
  day: Date;
  items: CalendarItem[];
  onDay(day: Date): void;
  onOpen(item: CalendarItem): void;
}

/** The day agenda 'Schedule' with the day strip: every day of the month, with month chevrons. */
export function DaySchedule({ day, items, onDay, onOpen }: DayScheduleProps) {
  const selected = dayKey(day);
  const month = (delta: number) => onDay(new Date(day.getFullYear(), day.getMonth() + delta, 1));
  return (
    <Stack gap="sm" component="section" aria-label="Schedule">
      <Title order={2} size="h4">
        Schedule
      </Title>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" size={44} aria-label="Day strip: previous month" onClick={() => month(-1)}>
          <IconChevronLeft />
        </ActionIcon>
        <Text fw={500} style={{ flex: 1 }} ta="center">
          {monthFormat.format(day)}
        </Text>
        <ActionIcon variant="subtle" size={44} aria-label="Day strip: next month" onClick={() => month(1)}>
          <IconChevronRight />
        </ActionIcon>
      </Group>
      <ScrollArea type="auto" offsetScrollbars>
        <Group gap={4} wrap="nowrap" role="listbox" aria-label="Day">
          {daysOfMonth(day).map((d) => {
            const key = dayKey(d);
            const isSelected = key === selected;
            return (
              <Box
                key={key}
                component="button"
                type="button"
                role="option"
                aria-selected={isSelected}
                aria-label={d.toDateString()}
                onClick={() => onDay(d)}
                style={{
                  minWidth: 44,
                  minHeight: 52,
                  border: 0,
                  borderRadius: 8,
                  cursor: 'pointer',
                  background: isSelected ? 'var(--mantine-primary-color-filled)' : 'transparent',
                  color: isSelected ? 'white' : 'inherit',
                }}
              >
                <Text size="xs">{weekdayFormat.format(d)}</Text>
                <Text fw={600}>{d.getDate()}</Text>
              </Box>
            );
          })}
        </Group>
      </ScrollArea>
      <DayItems items={items} onOpen={onOpen} />
    </Stack>
  );
}
