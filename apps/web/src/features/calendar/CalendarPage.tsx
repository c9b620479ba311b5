import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar-phone.css';
import { ActionIcon, Alert, Box, Button, Group, Loader, Menu, Modal, SegmentedControl, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { CalendarItem } from '@turnout/shared';
import { type ComponentRef, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/index.ts';
import { useScreenQuery } from '../../app/media-query.ts';
import { textColorOn } from '../../app/tenant-accent.ts';
import { CalendarFilter } from './CalendarFilter.tsx';
import { openOccurrence, useCalendarMonths } from './calendar-api.ts';
import {
  type CalendarView,
  dayKey,
  dotsByDay,
  filtered,
  filterNames,
  firstDayOf,
  itemsOn,
  MONTH_CELL_ITEMS,
  monthsBetween,
  recordPath,
  shownView,
  VIEW_LABELS,
  WEEK_VIEWS,
  WIDE_CALENDAR_MIN_WIDTH,
} from './calendar-model.ts';
import { DayItems, DaySchedule } from './DaySchedule.tsx';
import { NewActionModal } from './NewActionModal.tsx';
import { RecurringEventDialog } from './RecurringEventDialog.tsx';

/** FullCalendar's view for each of ours (spec 02 §2: day, week, work week, weekend, month). */
const FC_VIEWS: Record<CalendarView, string> = {
  day: 'timeGridDay',
  week: 'timeGridWeek',
  workWeek: 'workWeek',
  weekend: 'weekend',
  month: 'dayGridMonth',
};
/** Month dots: a filled one for records, a ring for virtual (recurring) events. */
/** Items of types without a calendar colour: white text on it reads at 5.2:1. */
const DEFAULT_ITEM_COLOR = '#1971c2';
const RECORD_DOT = { width: 7, height: 7, borderRadius: '50%', background: 'var(--mantine-primary-color-filled)', display: 'inline-block' };
const VIRTUAL_DOT = { ...RECORD_DOT, background: 'transparent', border: '2px solid var(--mantine-color-orange-8)' };
const dayTitle = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/**
 * Prev and Next: a button with its words on a wide screen, a 44-px chevron with the same name on
 * a phone, where 'Prev Month', the month and 'Next Month' do not fit in one row (issue 20).
 */
function StepButton({ direction, unit, wide, onClick }: { direction: 'prev' | 'next'; unit: string; wide: boolean; onClick: () => void }) {
  const name = `${direction === 'prev' ? 'Prev' : 'Next'} ${unit}`;
  if (wide)
    return (
      <Button variant="default" mih={44} style={{ flexShrink: 0 }} onClick={onClick}>
        {name}
      </Button>
    );
  const Icon = direction === 'prev' ? IconChevronLeft : IconChevronRight;
  return (
    <ActionIcon variant="default" size={44} aria-label={name} title={name} style={{ flexShrink: 0 }} onClick={onClick}>
      <Icon size={20} />
    </ActionIcon>
  );
}

/** /calendar: records of the types on the calendar and recurring events, by day, week or month. */
export function CalendarPage() {
  const navigate = useNavigate();
  const wide = useScreenQuery(`(min-width: ${WIDE_CALENDAR_MIN_WIDTH}px)`);
  const [chosenView, setChosenView] = useState<CalendarView>('month');
  const view = shownView(chosenView, wide);
  const calendar = useRef<ComponentRef<typeof FullCalendar>>(null);
  const [range, setRange] = useState<{ start: Date; end: Date }>(() => {
    const now = new Date();
    return { start: new Date(now.getFullYear(), now.getMonth(), 1), end: new Date(now.getFullYear(), now.getMonth() + 1, 1) };
  });
  const [title, setTitle] = useState('');
  const [selectedDay, setSelectedDay] = useState(() => new Date());
  const [popoutDay, setPopoutDay] = useState<Date | null>(null);
  const [filters, setFilters] = useState<string[]>([]);
  const [filterOpen, setFilterOpen] = useState(false);
  const [newAction, setNewAction] = useState(false);
  const [newActionDay, setNewActionDay] = useState<Date | null>(null);
  const [recurring, setRecurring] = useState(false);
  const [opening, setOpening] = useState(false);

  const months = useMemo(() => {
    const keys = monthsBetween(range.start, range.end);
    const strip = `${selectedDay.getMonth() + 1}.${selectedDay.getFullYear()}`;
    return keys.includes(strip) ? keys : [...keys, strip];
  }, [range, selectedDay]);
  const { items: all, loading, error, refetch } = useCalendarMonths(months);
  const items = useMemo(() => filtered(all, filters), [all, filters]);
  const dots = useMemo(() => dotsByDay(items), [items]);
  const names = useMemo(() => filterNames(all), [all]);

  const api = () => calendar.current?.getApi();
  // A window that narrows returns to month; one that widens again gets the chosen view back.
  useEffect(() => {
    calendar.current?.getApi().changeView(FC_VIEWS[view]);
  }, [view]);
  const changeView = (next: CalendarView) => setChosenView(next);

  async function open(item: CalendarItem) {
    if (!item.virtual) return navigate(recordPath(item));
    setOpening(true);
    try {
      const made = await openOccurrence(item);
      await navigate(`/entity/${made.type}/${made.entity_id}`);
    } catch (e) {
      notifications.show({ color: 'red', message: e instanceof ApiError || e instanceof Error ? e.message : 'Could not open the event.' });
    } finally {
      setOpening(false);
    }
  }

  const isWeek = WEEK_VIEWS.includes(view);
  const unit = isWeek ? 'Week' : view === 'day' ? 'Day' : 'Month';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>Calendar</Title>
        <Group gap="xs" wrap="wrap">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />} mih={44}>
                Create
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                onClick={() => {
                  setNewActionDay(null);
                  setNewAction(true);
                }}
              >
                New Action
              </Menu.Item>
              <Menu.Item onClick={() => navigate('/tasks/add')}>New Task</Menu.Item>
              <Menu.Item onClick={() => setRecurring(true)}>New Recurring Event</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {wide ? (
            <SegmentedControl
              aria-label="View"
              value={view}
              onChange={(v) => changeView(v as CalendarView)}
              data={(Object.keys(VIEW_LABELS) as CalendarView[]).map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
            />
          ) : null}
          <CalendarFilter names={names} selected={filters} onChange={setFilters} opened={filterOpen} onOpen={setFilterOpen} />
        </Group>
      </Group>

      <Group justify="space-between" wrap="nowrap">
        <StepButton direction="prev" unit={unit} wide={wide} onClick={() => api()?.prev()} />
        <Group gap="xs" wrap="nowrap" miw={0}>
          {/* One line between the chevrons on a phone: a smaller size there, cut short only if it must. */}
          <Title order={2} size={wide ? 'h4' : 'h5'} lineClamp={1} aria-live="polite">
            {title}
          </Title>
          {loading || opening ? <Loader role="status" size="xs" aria-label="Loading" /> : null}
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Button variant="default" mih={44} onClick={() => api()?.today()}>
            Today
          </Button>
          <StepButton direction="next" unit={unit} wide={wide} onClick={() => api()?.next()} />
        </Group>
      </Group>

      {error ? (
        <Alert color="red" title="Could not load the calendar" role="alert">
          <Group gap="sm">
            {error instanceof Error ? error.message : 'Something went wrong.'}
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      ) : null}

      <Box data-testid="calendar" data-view={view}>
        <FullCalendar
          ref={calendar}
          plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin, classicThemePlugin]}
          initialView={FC_VIEWS[view]}
          headerToolbar={false}
          firstDay={firstDayOf(view)}
          views={{
            workWeek: { type: 'timeGrid', duration: { weeks: 1 }, hiddenDays: [0, 6] },
            weekend: { type: 'timeGrid', duration: { weeks: 1 }, hiddenDays: [1, 2, 3, 4, 5] },
          }}
          height="auto"
          showNonCurrentDates={false}
          dayMaxEvents={view === 'month' ? MONTH_CELL_ITEMS : false}
          // Every item as a filled block in its colour with black or white text by contrast: the
          // month view's default dot-and-text items put coloured text on the white cell, which
          // read below 4.5:1 for light type colours.
          eventDisplay="block"
          moreLinkContent={(info) => `View ${info.num} more`}
          // A phone's month is dots per day (spec 02 §2): a day's items, too small to tap in a
          // 55-px cell, are in the popout a tap on the day opens and in the Schedule below.
          events={(wide ? items : []).map((item) => ({
            id: item.id,
            title: item.title,
            start: item.start,
            end: item.end ?? undefined,
            allDay: item.all_day,
            color: item.color ?? DEFAULT_ITEM_COLOR,
            // FullCalendar 7 names the text colour of an event contrastColor (its v6 textColor is ignored).
            contrastColor: textColorOn(item.color ?? DEFAULT_ITEM_COLOR),
            extendedProps: { item },
          }))}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            void open(info.event.extendedProps.item as CalendarItem);
          }}
          dateClick={(info) => {
            setSelectedDay(info.date);
            setPopoutDay(info.date);
          }}
          dayCellTopContent={(info) => {
            const key = dayKey(new Date(info.date.getUTCFullYear(), info.date.getUTCMonth(), info.date.getUTCDate()));
            const day = dots.get(key);
            return (
              <span data-day={key} style={{ display: 'inline-flex', alignItems: 'center', gap: 3 }}>
                {day?.records ? <span style={RECORD_DOT} data-dot="record" role="img" aria-label={`${day.records} records`} /> : null}
                {day?.virtual ? (
                  <span style={VIRTUAL_DOT} data-dot="virtual" role="img" aria-label={`${day.virtual} recurring events`} />
                ) : null}
                {info.dayNumberText}
              </span>
            );
          }}
          datesSet={(info) => {
            setRange({ start: info.start, end: info.end });
            setTitle(info.view.title);
          }}
        />
      </Box>

      <DaySchedule
        day={selectedDay}
        items={itemsOn(items, dayKey(selectedDay))}
        onDay={setSelectedDay}
        onOpen={(item) => void open(item)}
      />

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={popoutDay !== null}
        onClose={() => setPopoutDay(null)}
        title={popoutDay ? dayTitle.format(popoutDay) : ''}
        fullScreen={!wide}
      >
        {popoutDay ? (
          <Stack gap="sm">
            <DayItems items={itemsOn(items, dayKey(popoutDay))} onOpen={(item) => void open(item)} />
            <Button
              leftSection={<IconPlus size={16} />}
              mih={44}
              onClick={() => {
                setNewActionDay(popoutDay);
                setNewAction(true);
              }}
            >
              Add
            </Button>
          </Stack>
        ) : null}
      </Modal>
      <NewActionModal opened={newAction} onClose={() => setNewAction(false)} day={newActionDay} />
      <RecurringEventDialog opened={recurring} onClose={() => setRecurring(false)} />
    </Stack>
  );
}
