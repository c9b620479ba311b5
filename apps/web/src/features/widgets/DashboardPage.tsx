import '@mantine/dates/styles.layer.css';
import { ActionIcon, Alert, Box, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { CalendarItem, Dashboard, Widget } from '@turnout/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { openOccurrence, useCalendarMonths } from '../calendar/calendar-api.ts';
import { dayKey, itemsOn, monthsBetween, recordPath } from '../calendar/calendar-model.ts';
import { DayItems } from '../calendar/DaySchedule.tsx';
import { WidgetTile } from './WidgetTile.tsx';
import { useDashboards, useWidgets } from './widgets-api.ts';

/** The widgets of one dashboard: those placed on it, and those placed on none (they show on every dashboard). */
export function widgetsOn(widgets: Widget[], dashboard: Dashboard | undefined): Widget[] {
  return widgets.filter(
    (w) => w.position === 'dashboard' && (!dashboard || w.dashboards.length === 0 || w.dashboards.includes(dashboard.id)),
  );
}

function Header({ dashboards, index, onIndex }: { dashboards: Dashboard[]; index: number; onIndex: (i: number) => void }) {
  const current = dashboards[index];
  const step = (by: number) => onIndex((index + by + dashboards.length) % dashboards.length);
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon variant="subtle" size={44} aria-label="Previous dashboard" disabled={dashboards.length < 2} onClick={() => step(-1)}>
        <IconChevronLeft />
      </ActionIcon>
      <Title order={1}>{current?.name ?? 'no dashboard available'}</Title>
      <ActionIcon variant="subtle" size={44} aria-label="Next dashboard" disabled={dashboards.length < 2} onClick={() => step(1)}>
        <IconChevronRight />
      </ActionIcon>
    </Group>
  );
}

/** The right panel: a mini calendar, the day's agenda and the planner's progress buckets (spec 02 §2 Dashboard screen). */
function SidePanel({ planner }: { planner: Widget[] }) {
  const navigate = useNavigate();
  const [day, setDay] = useState(() => new Date());
  const weekday = day.toLocaleDateString(undefined, { weekday: 'long' });
  const months = useCalendarMonths(monthsBetween(day, new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)));
  const open = async (item: CalendarItem) => {
    if (!item.virtual) return navigate(recordPath(item));
    try {
      const made = await openOccurrence(item);
      await navigate(`/entity/${made.type}/${made.entity_id}`);
    } catch (e) {
      notifications.show({ color: 'red', message: e instanceof Error ? e.message : 'Could not open the event.' });
    }
  };
  return (
    <Stack gap="md" component="aside" aria-label="Planner">
      <Calendar
        size="sm"
        previousLabel="Previous month"
        nextLabel="Next month"
        hideOutsideDates
        weekendDays={[]}
        getDayProps={(date) => ({
          selected: new Date(date).toDateString() === day.toDateString(),
          onClick: () => setDay(new Date(date)),
        })}
      />
      <Title order={2} fz={20}>
        {weekday} Planner
      </Title>
      {months.loading ? (
        <Skeleton height={48} role="status" aria-label="Loading" />
      ) : months.error ? (
        <Text fz="sm">{months.error.message}</Text>
      ) : (
        <DayItems items={itemsOn(months.items, dayKey(day))} onOpen={(item) => void open(item)} />
      )}
      <Title order={3} fz={16}>
        Incident Types
      </Title>
      {planner.length === 0 ? <Text fz="sm">No planner widgets.</Text> : planner.map((w) => <WidgetTile key={w.id} widget={w} />)}
    </Stack>
  );
}

/** /dashboard (spec 01 §2.3, 02 §2): the dashboards' widgets, cycled with the header arrows. */
export function DashboardPage() {
  const dashboards = useDashboards();
  const widgets = useWidgets();
  const [index, setIndex] = useState(0);
  if (dashboards.isPending || widgets.isPending)
    return (
      <Stack role="status" aria-busy="true" aria-label="Loading">
        <Skeleton height={36} width={240} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Skeleton height={160} />
          <Skeleton height={160} />
          <Skeleton height={160} />
        </SimpleGrid>
      </Stack>
    );
  if (dashboards.isError || widgets.isError) {
    const error = dashboards.error ?? widgets.error;
    return (
      <Alert color="red" title="Could not load the dashboard" role="alert">
        <Stack gap="xs" align="flex-start">
          {error?.message}
          <Button size="xs" variant="light" color="red" onClick={() => void Promise.all([dashboards.refetch(), widgets.refetch()])}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const list = dashboards.data;
  const current = list[Math.min(index, Math.max(0, list.length - 1))];
  const shown = widgetsOn(widgets.data, current);
  const planner = widgets.data.filter((w) => w.position === 'planner');
  return (
    <Stack gap="lg">
      <Header dashboards={list} index={Math.min(index, Math.max(0, list.length - 1))} onIndex={setIndex} />
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box style={{ flex: '1 1 520px', minWidth: 0 }}>
          {shown.length === 0 ? (
            <Text>There are no configured widgets.</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
              {shown.map((w) => (
                <WidgetTile key={w.id} widget={w} />
              ))}
            </SimpleGrid>
          )}
        </Box>
        <Box style={{ flex: '0 1 300px', minWidth: 260 }}>
          <SidePanel planner={planner} />
        </Box>
      </Group>
    </Stack>
  );
}
