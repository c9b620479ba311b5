import { Alert, Box, Button, Center, em, Grid, Modal, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { canSeeField, DEBOUNCE_MS, type FieldDefinition, fieldTypeOf } from '@turnout/shared';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMarkFirstScreenPainted } from '../../app/first-screen.ts';
import { useScreenQuery } from '../../app/media-query.ts';
import { ActiveAlertsBanner } from '../alerts/ActiveAlertsBanner.tsx';
import { useActiveAlerts } from '../alerts/alerts-api.ts';
import { SHIFT_SCHEDULE_TYPE } from '../calendar/shift-schedule-model.ts';
import { lazyDialog } from '../dialogs/lazy-dialog.tsx';
import { isGlobalAdmin } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { useCsvUpload } from '../imports/use-csv-upload.tsx';
import { downloadNerisZip, mapsToNeris } from '../neris/neris-api.ts';
import { useOfflineBanners } from '../offline/OfflineBanners.tsx';
import { usePermission } from '../permissions/use-permission.tsx';
import type { TimeReportKind } from '../reports/list-reports.ts';
import { hasNfirsFields } from '../reports/nfirs-fields.ts';
import { LIST_MARKS, markList } from './entity-list-api.ts';
import { fieldFilters } from './filter-model.ts';
import { ListBanners } from './ListBanners.tsx';
import {
  type AppliedFilters,
  countFilters,
  emptyText,
  isHeaderSort,
  type ListSort,
  type ListView,
  linkFilter,
  listQuery,
  NO_FILTERS,
  nameFieldOf,
  nextSort,
  WIDE_MIN_WIDTH,
} from './list-model.ts';
import { OptionsMenu } from './OptionsMenu.tsx';
import { PageHeader } from './PageHeader.tsx';
import { RecordDetail } from './RecordDetail.tsx';
import { RecordGrid, RecordList, RecordSkeletons, RecordTable } from './RecordItems.tsx';
import { usePullToRefresh } from './use-pull-to-refresh.ts';
import { useListType, useRecords } from './use-records.ts';

// Loaded when first needed, not with the list (issue 20: the first page of cards paints sooner):
// the department_shifts schedule, and the dialogs of the header's filter button and options menu.
const ShiftSchedule = lazy(() => import('../calendar/ShiftSchedule.tsx').then((m) => ({ default: m.ShiftSchedule })));
const FilterDialog = lazyDialog(() => import('./FilterDialog.tsx').then((m) => m.FilterDialog));
const NfirsReportDialog = lazyDialog(() => import('../reports/NfirsReportDialog.tsx').then((m) => m.NfirsReportDialog));
const TimesheetReportDialog = lazyDialog(() => import('../reports/TimesheetReportDialog.tsx').then((m) => m.TimesheetReportDialog));
const PublicLinkDialog = lazyDialog(() => import('../public-forms/PublicLinkDialog.tsx').then((m) => m.PublicLinkDialog));

/** The server's plain 403 text; anything else (e.g. 'Tenant must be selected first') is worth showing. */
const GENERIC_FORBIDDEN = 'This action is unauthorized.';
const WIDE_VIEWS: readonly ListView[] = ['grid', 'list', 'table'];
const NARROW_VIEWS: readonly ListView[] = ['grid', 'list'];

/**
 * /entity-list?type={name}[&sourceName][&filter] and /entity-list-detail?type&split.id (spec 01
 * §2.6): the records of one type in a grid, list or table, with search, sort, filters, load
 * more and pull to refresh; the selected record beside the list on wide screens, over it on
 * narrow ones. The URL keeps the selection.
 */
export function EntityListPage() {
  const [params] = useSearchParams();
  // Another type is another list: search, sort and filters start afresh.
  return <EntityListScreen key={params.get('type') ?? ''} />;
}

function EntityListScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const typeName = params.get('type') ?? '';
  const csvUpload = useCsvUpload(typeName);
  const [timesheetOpen, setTimesheetOpen] = useState<TimeReportKind | null>(null);
  const sourceName = params.get('sourceName');
  const filterParam = params.get('filter');
  const linked = useMemo(() => linkFilter(filterParam), [filterParam]);
  const fromWidget = params.get('from_widget');
  const selectedId = params.get('split.id');
  const mode = params.get('mode') === 'edit' ? 'edit' : 'view';
  const wide = useScreenQuery(`(min-width: ${em(WIDE_MIN_WIDTH)})`);

  const { lite, type, unknown, loading: typeLoading } = useListType(typeName);
  // The alerts banner sits above the list: the list waits for it, so it never pushes the cards down.
  const alertsLoading = useActiveAlerts().isLoading;
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), DEBOUNCE_MS.listSearch);
  const [sort, setSort] = useState<ListSort>('default');
  const [filters, setFilters] = useState<AppliedFilters>(NO_FILTERS);
  const [filterOpen, setFilterOpen] = useState(false);
  const [publicLinkOpen, setPublicLinkOpen] = useState(false);
  const [nfirsOpen, setNfirsOpen] = useState(false);
  const [view, setView] = useLocalStorage<ListView>({ key: 'turnout.entity-list.view', defaultValue: 'grid' });
  // Type department_shifts opens on its schedule timeline (spec 01 §2.6); the stored view is the others'.
  const hasSchedule = typeName === SHIFT_SCHEDULE_TYPE;
  const [scheduleShown, setScheduleShown] = useState(hasSchedule);
  const storedView: ListView = view === 'schedule' ? 'grid' : view;
  const shownView: ListView = scheduleShown ? 'schedule' : !wide && storedView === 'table' ? 'list' : storedView;
  const viewOptions = [...(hasSchedule ? (['schedule'] as const) : []), ...(wide ? WIDE_VIEWS : NARROW_VIEWS)];
  const changeView = (next: ListView) => {
    setScheduleShown(next === 'schedule');
    if (next !== 'schedule') setView(next);
  };
  const request = useMemo(() => ({ search, sort, filters, linked, fromWidget }), [search, sort, filters, linked, fromWidget]);
  const { query, records, total, totalCapped, forbidden, notFound } = useRecords(typeName, request);
  // The cards render as a transition once the records are in: TanStack Query's answers arrive as
  // blocking updates, and 48 cards in one task held a slow phone's main thread for ~0.5 s
  // (issue 20, Total Blocking Time). The skeletons stay until the first cards are ready.
  const shownRecords = useDeferredValue(records);
  const canCreate = usePermission(typeName, 'create');
  const offline = useOfflineBanners(typeName);

  const viewer = useMemo(() => ({ role: user.acting_role, isGlobalAdmin: user.is_global_admin }), [user]);
  const fieldFilterList = useMemo(() => (type ? fieldFilters(type, viewer) : []), [type, viewer]);
  // The field the record's name comes from is shown once, as the name (no second Name column).
  const nameField = useMemo(() => (type ? nameFieldOf(type) : null), [type]);
  const columns = useMemo(
    () =>
      (type?.fields ?? [])
        .map((f) => f.field_data as FieldDefinition)
        .filter((f) => f.flags?.tableView && f.property !== nameField && canSeeField(f.permissions, viewer))
        .sort((a, b) => (a.table_sort_order ?? 10_000) - (b.table_sort_order ?? 10_000)),
    [type, viewer, nameField],
  );
  const nameTitle = type?.fields.find((f) => f.field_data.property === nameField)?.field_data.title ?? 'Name';

  // Save as Report (spec 01 §2.6), over the fields the person may see.
  const saveAsReport = useMemo(
    () =>
      type
        ? {
            typeName,
            fields: type.fields
              .map((f) => f.field_data as FieldDefinition)
              .filter((f) => fieldTypeOf(f.type).holdsValue && f.type !== 'hidden' && canSeeField(f.permissions, viewer))
              .map((f) => ({ value: f.property, label: f.title || f.property })),
            search,
            // A report keeps the header sorts; a column sort of the table is not part of it.
            sort: isHeaderSort(sort) ? sort : 'default',
            linked,
          }
        : undefined,
    [type, typeName, viewer, search, sort, linked],
  );
  const label = lite?.label ?? type?.label ?? typeName;
  const showLabels = lite?.object_data.show_label_table_view !== false;
  const refresh = useCallback(() => void query.refetch(), [query.refetch]);
  const scrollBox = useRef<HTMLDivElement>(null);
  const pulled = usePullToRefresh(scrollBox, refresh);

  const open = useCallback(
    (id: string) => {
      const next = new URLSearchParams(location.search);
      next.set('split.id', id);
      navigate(`/entity-list-detail?${next.toString()}`, { replace: location.pathname === '/entity-list-detail' });
    },
    [location.search, location.pathname, navigate],
  );
  const close = () => {
    const next = new URLSearchParams(location.search);
    next.delete('split.id');
    navigate(`/entity-list?${next.toString()}`);
  };

  // The shell's own data waits until the list shows its records (or says it has none).
  useMarkFirstScreenPainted(!alertsLoading && !query.isPending && !typeLoading && (records.length === 0 || shownRecords.length > 0));

  // The bench measures from the data's arrival to the list's render (docs/performance.md).
  useEffect(() => {
    if (shownRecords.length === 0) return;
    markList(LIST_MARKS.rendered, { typeName, count: shownRecords.length });
    try {
      performance.measure(LIST_MARKS.measure, LIST_MARKS.data, LIST_MARKS.rendered);
    } catch {
      // No data mark (records came from the cache): nothing to measure.
    }
  }, [shownRecords, typeName]);

  // Loading more when the user scrolls the end of the list into view. A screen that already
  // shows the end (the whole first page) waits for the Load more button, so a page is 48 until
  // the user asks; so does a change of view or filter that moves the end without a scroll.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const next = useRef({ hasNextPage, isFetchingNextPage, fetchNextPage });
  next.current = { hasNextPage, isFetchingNextPage, fetchNextPage };
  const scrolledAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const box = scrollBox.current;
    const onScroll = () => {
      scrolledAt.current = performance.now();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    box?.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      box?.removeEventListener('scroll', onScroll);
    };
  }, []);
  const observer = useRef<IntersectionObserver | null>(null);
  const sentinel = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let inView: boolean | undefined;
    observer.current = new IntersectionObserver((entries) => {
      const now = entries.some((e) => e.isIntersecting);
      const entered = inView === false && now;
      inView = now;
      // Entered by a scroll of the last second: not where it already stood when the list appeared.
      const byScroll = performance.now() - scrolledAt.current < 1000;
      const { hasNextPage, isFetchingNextPage, fetchNextPage } = next.current;
      if (entered && byScroll && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    observer.current.observe(element);
  }, []);

  if (!typeName || unknown || notFound) {
    return (
      <Alert color="red" title="Entity Type not found." maw={720}>
        {typeName ? `There is no entity type '${typeName}' you may view.` : 'A list needs a type.'}
      </Alert>
    );
  }

  const body = (() => {
    if (forbidden) {
      return (
        <Alert color="red" title="Access denied">
          You may not view {label} records.
          {query.error && query.error.message !== GENERIC_FORBIDDEN ? ` ${query.error.message}` : ''}
        </Alert>
      );
    }
    if (shownView === 'schedule') {
      return (
        <Suspense fallback={<RecordSkeletons view="list" label={label} />}>
          <ShiftSchedule typeName={typeName} label={label} onOpen={open} />
        </Suspense>
      );
    }
    // Nothing under the header until the alerts banner above is settled (it would push the list
    // down), then skeletons of the final size until the records and the type's columns are
    // there, so nothing moves once they arrive (issue 20: CLS).
    if (alertsLoading) return null;
    if (query.isPending || typeLoading || (records.length > 0 && shownRecords.length === 0)) {
      return <RecordSkeletons view={shownView} label={label} />;
    }
    if (query.isError && records.length === 0) {
      return (
        <Alert color="red" title={`${label} could not be loaded`}>
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{query.error.message}</Text>
            <Button size="xs" variant="light" onClick={refresh}>
              Try again
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (records.length === 0) {
      return (
        <Text c="gray.7" ta="center" py="xl">
          {emptyText(label)}
        </Text>
      );
    }
    // What every view of the records takes; the table adds its header's sorts.
    const itemProps = { records: shownRecords, selectedId, onOpen: open, columns, showLabels, userId: user.id };
    const items =
      shownView === 'table' ? (
        <RecordTable
          {...itemProps}
          nameTitle={nameTitle}
          sort={sort}
          onSort={setSort}
          showAssignee={type?.object_data.show_assignee === true}
        />
      ) : shownView === 'list' ? (
        <RecordList {...itemProps} />
      ) : (
        <RecordGrid {...itemProps} />
      );
    return (
      <Stack gap="sm">
        {items}
        <div ref={sentinel} />
        {hasNextPage && (
          <Center>
            <Button variant="light" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              Load more
            </Button>
          </Center>
        )}
      </Stack>
    );
  })();

  const split = wide && selectedId !== null;
  const list = (
    <Box
      ref={scrollBox}
      data-testid="entity-list"
      aria-busy={query.isFetching}
      style={split ? { overflowY: 'auto', maxHeight: 'calc(100dvh - 220px)' } : undefined}
    >
      <div>
        {pulled > 0 && (
          <Center h={pulled} c="gray.7" fz="sm">
            {pulled >= 70 ? 'Release to refresh' : 'Pull to refresh'}
          </Center>
        )}
        {body}
      </div>
    </Box>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={label}
        subtitle={
          [sourceName ? `For ${sourceName}` : '', query.isSuccess && !forbidden ? `${total}${totalCapped ? '+' : ''} found` : '']
            .filter(Boolean)
            // The count line keeps its height while the count loads (no shift when it arrives).
            .join(' · ') || '\u00a0'
        }
        leading={sourceName ? { kind: 'back', onBack: () => navigate(-1) } : undefined}
        search={{ value: searchText, onChange: setSearchText, label: `Search ${label}` }}
        sort={{ value: isHeaderSort(sort) ? sort : 'default', onCycle: () => setSort(nextSort) }}
        filter={{ count: countFilters(filters), onOpen: () => setFilterOpen(true) }}
        view={{ value: shownView, options: viewOptions, onChange: changeView }}
        action={
          canCreate ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(`/entity/add?type=${encodeURIComponent(typeName)}`)}>
              Add
            </Button>
          ) : undefined
        }
        menu={
          <OptionsMenu
            typeName={typeName}
            isPublicForm={lite?.object_data.is_public_form === true}
            onRefresh={refresh}
            onCsv={(kind) => void import('./csv-export.ts').then((m) => m.downloadCsv(typeName, label, request, kind))}
            onUpload={csvUpload.open}
            onReport={(format) => void import('../reports/list-reports.ts').then((m) => m.runListReport(typeName, label, request, format))}
            onTimesheet={setTimesheetOpen}
            onNfirs={type && hasNfirsFields(type) ? () => setNfirsOpen(true) : undefined}
            onNerisZip={type && mapsToNeris(type) ? () => void downloadNerisZip(typeName, listQuery(request, 1)) : undefined}
            onPublicLink={() => setPublicLinkOpen(true)}
          />
        }
        banners={<ListBanners activeAlerts={<ActiveAlertsBanner />} queued={offline.queued} drafts={offline.drafts} />}
      />
      {csvUpload.input}
      {offline.dialogs}
      {publicLinkOpen ? <PublicLinkDialog typeName={typeName} opened onClose={() => setPublicLinkOpen(false)} /> : null}
      <NfirsReportDialog
        opened={nfirsOpen}
        typeName={typeName}
        label={label}
        request={request}
        onOpen={() => setNfirsOpen(true)}
        onClose={() => setNfirsOpen(false)}
      />
      <TimesheetReportDialog
        opened={timesheetOpen !== null}
        kind={timesheetOpen ?? 'timesheet'}
        typeName={typeName}
        onClose={() => setTimesheetOpen(null)}
        request={request}
      />
      {split ? (
        <Grid gap="md">
          <Grid.Col span={5}>{list}</Grid.Col>
          <Grid.Col span={7}>
            <Stack gap="xs">
              <Button variant="subtle" size="xs" onClick={close} style={{ alignSelf: 'flex-end' }}>
                Close
              </Button>
              <RecordDetail typeName={typeName} id={selectedId} mode={mode} type={type} />
            </Stack>
          </Grid.Col>
        </Grid>
      ) : (
        list
      )}
      <Modal
        opened={!wide && selectedId !== null}
        onClose={close}
        fullScreen
        title={label}
        closeButtonProps={{ 'aria-label': 'Close record' }}
      >
        {selectedId && <RecordDetail typeName={typeName} id={selectedId} mode={mode} type={type} />}
      </Modal>
      <FilterDialog
        opened={filterOpen}
        filters={fieldFilterList}
        applied={filters}
        withTenant={isGlobalAdmin(user)}
        saveAsReport={saveAsReport}
        onApply={(next) => {
          setFilters(next);
          setFilterOpen(false);
        }}
        onClose={() => setFilterOpen(false)}
      />
    </Stack>
  );
}
