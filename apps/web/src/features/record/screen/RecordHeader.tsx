import { ActionIcon, Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { type RecordMode, stepPage } from '../model/form-model.ts';
import type { Gates } from '../model/gates.ts';
import type { RecordData } from '../record-api.ts';
import { StatusControl } from './StatusControl.tsx';

interface RecordHeaderProps {
  title: string;
  typeLabel: string;
  mode: RecordMode;
  saved: RecordData | null;
  gates: Gates;
  transitionBusy: boolean;
  onTransition(name: string): void;
  canSave: boolean;
  saving: boolean;
  onSave(): void;
  onToggleEditing(): void;
  /** The overflow menu (none in quick-add). */
  menu: ReactNode;
  /** Back to where the link came from (its `from`); no Back without one. */
  onBack?: () => void;
  /**
   * Where the side navigator is hidden, Save sits here (quick add, the list's preview) rather
   * than in the phone's bottom action bar (RecordActionBar).
   */
  saveInHeader: boolean;
}

/**
 * The header above the form (spec 01 §2.7, 02 §2): Back when the link named where it came
 * from, the rendered form title with 'Edit Mode',
 * the type label, the status selector, Save Changes and Enable Editing where the side navigator
 * is hidden (small screens), and the overflow menu.
 */
export function RecordHeader(props: RecordHeaderProps) {
  const { mode, saved, gates } = props;
  // When a record opens (or another one replaces it), focus goes to its title, so keyboard and
  // screen-reader users start at the record rather than at the top of the page (issue 20).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const recordKey = saved?.id ?? 'new';
  // After the screen has painted: focus lays the page out, and inside the commit that was the
  // record's longest piece of work on a slow phone (issue 20, Total Blocking Time); once the
  // frame is drawn the layout is done and focusing costs nothing.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const title = titleRef.current;
        if (!recordKey || !title) return;
        // Never take focus from a control of the record itself (someone is already typing in it).
        const active = document.activeElement;
        if (active && active !== document.body && title.closest('[data-record-screen]')?.contains(active)) return;
        title.focus({ preventScroll: true });
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [recordKey]);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
        {props.onBack ? (
          <ActionIcon variant="subtle" size="lg" aria-label="Back" onClick={props.onBack}>
            <IconArrowLeft size={20} />
          </ActionIcon>
        ) : null}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1} ref={titleRef} tabIndex={-1} data-record-title>
              {props.title}
            </Title>
            {mode !== 'view' ? (
              <Badge variant="filled" color="brand">
                Edit Mode
              </Badge>
            ) : null}
          </Group>
          <Text fz="sm" c="dimmed">
            {props.typeLabel}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {gates.statusShown && saved ? (
          <StatusControl
            place={saved.place}
            transitions={saved.available_transitions}
            enabled={gates.statusEnabled}
            busy={props.transitionBusy}
            onTransition={props.onTransition}
          />
        ) : null}
        {mode !== 'view' && props.saveInHeader ? (
          <Button hiddenFrom="md" size="xs" onClick={props.onSave} disabled={!props.canSave} loading={props.saving}>
            Save Changes
          </Button>
        ) : null}
        {gates.enableEditing.shown && mode === 'view' ? (
          <Button
            hiddenFrom="md"
            size="xs"
            variant="light"
            onClick={props.onToggleEditing}
            disabled={gates.enableEditing.disabled}
            title={gates.enableEditing.reason ?? undefined}
          >
            Enable Editing
          </Button>
        ) : null}
        {props.menu}
      </Group>
    </Group>
  );
}

/** The bottom action bar's height: 44 px controls and their padding. */
const BAR_HEIGHT = 64;

interface RecordActionBarProps {
  /** Save Changes (none in view mode). */
  save: { canSave: boolean; saving: boolean; onSave(): void } | null;
  /** The form's visible pages and the page shown: the chevrons step through them. */
  pages: readonly number[];
  page: number;
  onPage(page: number): void;
}

/**
 * The phone's bottom action bar (issue 20): the previous-page chevron, Save Changes and the
 * next-page chevron within thumb reach, kept above the tab bar while the form scrolls. Shown
 * where the side navigator is hidden; every control is at least 44 px.
 */
export function RecordActionBar({ save, pages, page, onPage }: RecordActionBarProps) {
  const previous = stepPage(pages, page, -1);
  const next = stepPage(pages, page, 1);
  const paged = pages.length > 1;
  return (
    <>
      {/* Room for the bar at the end of the form, so it never covers the last field. */}
      <Box hiddenFrom="md" h={BAR_HEIGHT} aria-hidden />
      <Group
        hiddenFrom="md"
        pos="fixed"
        px="md"
        gap="sm"
        wrap="nowrap"
        bg="white"
        h={BAR_HEIGHT}
        style={{
          left: 'var(--app-shell-navbar-offset, 0px)',
          right: 0,
          bottom: 'var(--app-shell-footer-offset, 0px)',
          zIndex: 5,
          borderTop: '1px solid var(--mantine-color-gray-3)',
        }}
        data-testid="record-action-bar"
      >
        {paged ? (
          <ActionIcon
            variant="default"
            size={44}
            aria-label="Previous page"
            disabled={previous === null}
            onClick={() => previous !== null && onPage(previous)}
          >
            <IconChevronLeft size={22} />
          </ActionIcon>
        ) : null}
        {save ? (
          <Button flex={1} size="md" h={44} onClick={save.onSave} disabled={!save.canSave} loading={save.saving}>
            Save Changes
          </Button>
        ) : (
          <Text flex={1} ta="center" fz="sm" c="dimmed">
            Page {pages.indexOf(page) + 1} of {pages.length}
          </Text>
        )}
        {paged ? (
          <ActionIcon
            variant="default"
            size={44}
            aria-label="Next page"
            disabled={next === null}
            onClick={() => next !== null && onPage(next)}
          >
            <IconChevronRight size={22} />
          </ActionIcon>
        ) : null}
      </Group>
    </>
  );
}
