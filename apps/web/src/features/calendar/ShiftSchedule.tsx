import { ActionIcon, Alert, Box, Button, Center, Group, Loader, Slider, Stack, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SCHEDULE_DAYS } from '@turnout/shared';
import { type PointerEvent, useMemo, useRef, useState } from 'react';
import { calendarKeys, fetchSchedulePage } from './calendar-api.ts';
import {
  daysDragged,
  defaultWindow,
  fetchRange,
  type ScheduleWindow,
  scheduleRows,
  shiftWindow,
  startOfDay,
  windowDays,
  windowEnd,
  zoomWindow,
} from './shift-schedule-model.ts';

const NAME_WIDTH = 168;
const LANE_HEIGHT = 48;
/** A press that moves less than this is a click, not a drag. */
const DRAG_SLOP = 6;

const dayLong = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const dayShort = new Intl.DateTimeFormat(undefined, { day: 'numeric' });
const rangeFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The schedule timeline of a department_shifts list (spec 01 §2.6): a row per assignee plus a
 * 'No assignee' row, 1 to 31 days (3 days either side of today at first), 192 records a page,
 * drag sideways to move through time; each item opens its record.
 */
export function ShiftSchedule({ typeName, label, onOpen }: { typeName: string; label: string; onOpen(id: string): void }) {
  const [shown, setWindow] = useState<ScheduleWindow>(() => defaultWindow());
  const range = useMemo(() => fetchRange(shown), [shown]);
  const query = useInfiniteQuery({
    queryKey: calendarKeys.schedule(typeName, range),
    queryFn: ({ pageParam, signal }) => fetchSchedulePage(typeName, range, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const rows = useMemo(() => scheduleRows(items, shown), [items, shown]);
  const days = useMemo(() => windowDays(shown), [shown]);
  const { ref: area, width } = useElementSize();
  const laneWidth = Math.max(0, width - NAME_WIDTH);
  const dayWidth = laneWidth / shown.days;

  // Drag to scroll: the lanes follow the pointer, and on release the window moves by whole days.
  const [dragged, setDragged] = useState(0);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // A new press starts afresh: a drag that ended off an item left no click to swallow.
    suppressClick.current = false;
    drag.current = { x: event.clientX, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state) return;
    const dx = event.clientX - state.x;
    if (!state.moved && Math.abs(dx) < DRAG_SLOP) return;
    if (!state.moved) event.currentTarget.setPointerCapture(event.pointerId);
    state.moved = true;
    setDragged(dx);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    drag.current = null;
    if (!state?.moved) return;
    suppressClick.current = true;
    const moveBy = daysDragged(event.clientX - state.x, dayWidth);
    setDragged(0);
    if (moveBy !== 0) setWindow((w) => shiftWindow(w, moveBy));
  };
  const open = (id: string) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onOpen(id);
  };

  const today = startOfDay(new Date()).getTime();
  const last = new Date(windowEnd(shown).getTime() - 1);
  const step = Math.max(1, Math.floor(shown.days / 3));
  return (
    <Stack gap="sm" data-testid="shift-schedule">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Tooltip label="Earlier">
            <ActionIcon variant="default" size={44} aria-label="Earlier" onClick={() => setWindow((w) => shiftWindow(w, -step))}>
              <IconChevronLeft size={20} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" h={44} onClick={() => setWindow((w) => zoomWindow(defaultWindow(), w.days))}>
            Today
          </Button>
          <Tooltip label="Later">
            <ActionIcon variant="default" size={44} aria-label="Later" onClick={() => setWindow((w) => shiftWindow(w, step))}>
              <IconChevronRight size={20} />
            </ActionIcon>
          </Tooltip>
          <Text fw={600} aria-live="polite" data-testid="schedule-range">
            {shown.days === 1 ? rangeFormat.format(shown.from) : `${rangeFormat.format(shown.from)} – ${rangeFormat.format(last)}`}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap" miw={260}>
          <ActionIcon
            variant="default"
            size={44}
            aria-label="Zoom in"
            disabled={shown.days <= SCHEDULE_DAYS.min}
            onClick={() => setWindow((w) => zoomWindow(w, w.days - 1))}
          >
            <IconZoomIn size={20} />
          </ActionIcon>
          <Slider
            w={140}
            min={SCHEDULE_DAYS.min}
            max={SCHEDULE_DAYS.max}
            value={shown.days}
            onChange={(value) => setWindow((w) => zoomWindow(w, value))}
            thumbLabel="Days shown"
            label={(value) => `${value} ${value === 1 ? 'day' : 'days'}`}
          />
          <ActionIcon
            variant="default"
            size={44}
            aria-label="Zoom out"
            disabled={shown.days >= SCHEDULE_DAYS.max}
            onClick={() => setWindow((w) => zoomWindow(w, w.days + 1))}
          >
            <IconZoomOut size={20} />
          </ActionIcon>
          <Text fz="sm" c="gray.7" data-testid="schedule-days">
            {shown.days} {shown.days === 1 ? 'day' : 'days'}
          </Text>
        </Group>
      </Group>

      {query.isError && items.length === 0 ? (
        <Alert color="red" title={`${label} could not be loaded`}>
          {query.error.message}
        </Alert>
      ) : (
        <Box
          ref={area}
          role="region"
          aria-label={`${label} schedule`}
          aria-busy={query.isFetching}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-sm)',
            overflow: 'hidden',
            touchAction: 'pan-y',
            userSelect: 'none',
            cursor: dragged !== 0 ? 'grabbing' : 'grab',
          }}
        >
          <Box
            style={{ display: 'flex', borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }}
          >
            <Box w={NAME_WIDTH} px="xs" py={6} fz="sm" fw={600} style={{ flex: 'none' }}>
              Assignee
            </Box>
            <Box style={{ position: 'relative', flex: 1, height: 32, overflow: 'hidden' }}>
              {days.map((day, i) => (
                <Box
                  key={day.getTime()}
                  fz="xs"
                  fw={day.getTime() === today ? 700 : 400}
                  c={day.getTime() === today ? 'brand.9' : 'gray.8'}
                  style={{
                    position: 'absolute',
                    top: 0,
                    bottom: 0,
                    left: i * dayWidth + dragged,
                    width: dayWidth,
                    padding: '8px 4px',
                    borderLeft: i === 0 ? undefined : '1px solid var(--mantine-color-gray-3)',
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                  }}
                >
                  {dayWidth >= 84 ? dayLong.format(day) : dayWidth >= 22 ? dayShort.format(day) : ''}
                </Box>
              ))}
            </Box>
          </Box>
          {query.isPending ? (
            <Center py="xl">
              <Loader role="status" aria-label={`Loading ${label}`} />
            </Center>
          ) : (
            rows.map((row) => (
              <Box
                key={row.key}
                role="group"
                aria-label={row.name}
                style={{ display: 'flex', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Box w={NAME_WIDTH} px="xs" py={6} fz="sm" style={{ flex: 'none', overflowWrap: 'anywhere' }}>
                  {row.name}
                </Box>
                <Box style={{ position: 'relative', flex: 1, height: row.lanes * LANE_HEIGHT, overflow: 'hidden' }}>
                  {days.map((day, i) =>
                    i === 0 ? null : (
                      <Box
                        key={day.getTime()}
                        aria-hidden
                        style={{
                          position: 'absolute',
                          top: 0,
                          bottom: 0,
                          left: i * dayWidth + dragged,
                          borderLeft: '1px solid var(--mantine-color-gray-2)',
                        }}
                      />
                    ),
                  )}
                  {row.items.map(({ item, left, width: span, lane }) => {
                    const start = new Date(item.start);
                    const end = item.end ? new Date(item.end) : null;
                    return (
                      <Box
                        component="button"
                        type="button"
                        key={item.id}
                        onClick={() => open(item.id)}
                        // Its width is its duration (spec: the timeline's zoom): a 24-hour shift at
                        // the default 7 days on a phone is narrower than 44 px; zooming in widens it.
                        data-tap-exempt="time span"
                        aria-label={`${item.title}, ${whenFormat.format(start)}${end ? ` to ${whenFormat.format(end)}` : ''}`}
                        title={item.title}
                        style={{
                          position: 'absolute',
                          top: lane * LANE_HEIGHT + 2,
                          height: LANE_HEIGHT - 4,
                          left: left * laneWidth + dragged,
                          width: Math.max(span * laneWidth - 2, 6),
                          background: 'var(--mantine-color-gray-0)',
                          border: '1px solid var(--mantine-color-gray-4)',
                          borderLeft: `5px solid ${item.color ?? 'var(--mantine-primary-color-filled)'}`,
                          borderRadius: 4,
                          padding: '2px 6px',
                          textAlign: 'left',
                          overflow: 'hidden',
                          whiteSpace: 'nowrap',
                          cursor: 'pointer',
                          color: 'var(--mantine-color-gray-9)',
                          font: 'inherit',
                          fontSize: 12,
                          lineHeight: 1.3,
                        }}
                      >
                        <Text span fz={12} fw={600} display="block" truncate>
                          {item.title}
                        </Text>
                        <Text span fz={11} c="gray.8" display="block" truncate>
                          {timeFormat.format(start)}
                          {end ? `–${timeFormat.format(end)}` : ''}
                        </Text>
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            ))
          )}
        </Box>
      )}
      {query.hasNextPage && (
        <Center>
          <Button variant="light" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
