import { Alert, Anchor, Box, Grid, Stack, Text } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type EntityType, fieldText } from '@turnout/shared';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useFirstScreenPainted, useMarkFirstScreenPainted } from '../../../app/first-screen.ts';
import { useRecurringOrigin } from '../../calendar/recurring-origin-api.ts';
import type { ScheduleAction } from '../../calendar/ScheduleItemDialogs.tsx';
import { lazyDialog } from '../../dialogs/lazy-dialog.tsx';
import { isGlobalAdmin, isTenantAdmin } from '../../identity/access.ts';
import { useCurrentUser } from '../../identity/current-user.tsx';
import { NerisPanel } from '../../neris/NerisPanel.tsx';
import { CHOOSE_BEFORE_SAVING, DraftConflicts } from '../../offline/DraftConflicts.tsx';
import { useOfflineQueue } from '../../offline/offline-context.tsx';
import { useUnsavedDraft } from '../../offline/use-unsaved-draft.ts';
import { usePermissions } from '../../permissions/use-permission.tsx';
import { DynamicForm } from '../form/DynamicForm.tsx';
import { definitionOf, type FormViewer, pageLabelOf, type RecordMode, type Values } from '../model/form-model.ts';
import { mayEditRecord, recordGates } from '../model/gates.ts';
import { fetchVersions, type RecordData, versionsKey } from '../record-api.ts';
import { PageNavigator } from './PageNavigator.tsx';
import { type RecordDialog, RecordDialogs } from './RecordDialogs.tsx';
import { RecordActionBar, RecordHeader } from './RecordHeader.tsx';
import { RecordMenu, type ReportItem } from './RecordMenu.tsx';
import { downloadJson, openReport } from './record-actions.ts';
import { useRecordCommands } from './use-record-commands.ts';
import { GIVEN_DATA_TEXT } from './use-record-save.ts';
import { useRecordSession } from './use-record-session.ts';

export interface RecordEditorProps {
  type: EntityType;
  record: RecordData | null;
  mode?: RecordMode;
  embedded?: boolean;
  /** The add link's query (field.{property} prefills). */
  search?: URLSearchParams;
  initialPage?: number;
  /** A path of this app to return to after a successful save and on Back (the link's `from`). */
  returnTo?: string;
  quickAdd?: boolean;
  /** A record was created here (the screen keeps this editor for its new uri). */
  onCreated?(record: RecordData): void;
  /** The unsaved draft (offline_id) this screen continues. */
  draftId?: string;
}

/** The form title: object_data.formtitle with each {property} replaced by the field's text. */
function formTitle(type: EntityType, values: Values, fallback: string): string {
  const template = type.object_data.formtitle;
  if (typeof template !== 'string' || !template.includes('{')) return fallback;
  const defs = new Map(type.fields.map((f) => [f.field_data.property, definitionOf(f)]));
  const text = template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, p: string) => {
    const def = defs.get(p);
    return def ? fieldText(def, values[p]) : '';
  });
  return text.trim() || fallback;
}

/** The reports a person may print from the menu (Create {report} PDF). */
const menuReports = (type: EntityType): ReportItem[] =>
  (type.reports as { offline_id?: string; name: string; enabled?: boolean; available_in_ui?: boolean }[])
    .filter((r) => r.enabled !== false && r.available_in_ui !== false)
    .map((r) => ({ id: r.offline_id ?? r.name, name: r.name }));

/**
 * The record screen's editor (spec 01 §2.7, 02 §2, §4): the side page navigator, the header
 * with its menu, the dynamic form, and the dialogs, over one record session.
 */
const MemoForm = memo(DynamicForm);

// Modify and Delete Schedule Item load when one is chosen, not with every record (issue 20).
const ScheduleItemDialogs = lazyDialog(() => import('../../calendar/ScheduleItemDialogs.tsx').then((m) => m.ScheduleItemDialogs));

export function RecordEditor(props: RecordEditorProps) {
  const { type, embedded = false } = props;
  const user = useCurrentUser();
  const can = usePermissions();
  const navigate = useNavigate();
  const viewer: FormViewer = useMemo(
    () => ({ role: user.acting_role, isGlobalAdmin: isGlobalAdmin(user), isTenantAdmin: isTenantAdmin(user) }),
    [user],
  );
  const gateUser = {
    isGlobalAdmin: viewer.isGlobalAdmin,
    isTenantAdmin: viewer.isTenantAdmin === true,
    actingGlobal: user.is_global,
    personnelId: user.personnel_record?.id ?? null,
  };
  const mayEdit = mayEditRecord({ type, record: props.record, can, user: gateUser });
  const session = useRecordSession({ ...props, embedded, viewer, mayEdit });
  const { saved, mode, state, saver } = session;
  const [dialog, setDialog] = useState<RecordDialog>(null);
  // Problems the server named for NERIS (a check, or a refused 'Mark as NERIS Ready'): shown on the fields and listed in the NERIS panel.
  const [nerisErrors, setNerisErrors] = useState<Record<string, string[]> | null>(null);
  const showNerisErrors = (errors: Record<string, string[]> | null) => {
    setNerisErrors(errors);
    state.setServerErrors(errors ?? {});
  };
  const commands = useRecordCommands(session, type.name, () => setDialog(null), showNerisErrors);

  // An unsaved draft (a queued save the server refused, or a merge to decide): its values, the
  // server's messages under their fields, and the fields changed on both sides to choose.
  const offline = useOfflineQueue();
  const draft = useUnsavedDraft(props.draftId);
  const [conflicts, setConflicts] = useState<Record<string, unknown>>({});
  const draftApplied = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft is applied once, when it has loaded.
  useEffect(() => {
    if (!draft || draftApplied.current) return;
    draftApplied.current = true;
    const open = Object.keys(draft.conflicts);
    for (const [property, value] of Object.entries(draft.changes)) if (!open.includes(property)) state.setValue(property, value);
    const { '': general, ...fieldErrors } = draft.errors;
    if (Object.keys(fieldErrors).length > 0) {
      state.setServerErrors(fieldErrors);
      state.touchAll();
      saver.setBanner(GIVEN_DATA_TEXT);
      const first = state.defs.find((f) => fieldErrors[f.property]);
      if (first) session.setPage(first.page ?? 1);
    }
    if (general?.length) saver.setBanner(general.join(' '));
    setConflicts(Object.fromEntries(open.map((p) => [p, draft.changes[p]])));
  }, [draft]);
  const sameAsSaved = (property: string, value: unknown) => JSON.stringify(saved?.[property] ?? null) === JSON.stringify(value ?? null);
  const chooseConflict = (property: string, value: unknown) => {
    state.setValue(property, value);
    const rest = Object.fromEntries(Object.entries(conflicts).filter(([p]) => p !== property));
    setConflicts(rest);
    // Every field decided for the server's value: nothing of the draft is left to save.
    const otherChanges = Object.keys(state.changes).filter((p) => p !== property);
    if (Object.keys(rest).length === 0 && props.draftId && offline && otherChanges.length === 0 && sameAsSaved(property, value))
      void offline.discardDraft(props.draftId);
  };

  const toggleEditing = () => {
    if (mode === 'view') session.setMode('edit');
    else if (mode === 'edit') {
      if (state.dirty) setDialog('unsaved');
      else session.setMode('view');
    }
  };

  // The form is on the screen: the shell's own data may come now (decision 0043).
  useMarkFirstScreenPainted();
  const painted = useFirstScreenPainted();
  const versions = useQuery({
    queryKey: versionsKey(type.name, saved?.id ?? ''),
    queryFn: ({ signal }) => fetchVersions(type.name, saved?.id ?? '', signal),
    // The record's versions and its recurring origin wait until its form has painted.
    enabled: saved !== null && painted,
  });
  const gates = recordGates({
    type,
    record: saved,
    mode,
    can,
    user: gateUser,
    hasVersionPdf: (versions.data ?? []).some((v) => Boolean(v.pdf)),
  });

  const title = formTitle(type, state.values, saved?.display_name || `New ${type.label}`);
  const parent = saved?.parent as { uri?: string; display_name?: string } | undefined;
  const origin = useRecurringOrigin(saved?.id, painted);
  const scheduleId = origin.data?.active ? origin.data.recurring_event_id : null;
  const [schedule, setSchedule] = useState<ScheduleAction>(null);
  const recurring = Boolean(
    saved && (saved.virtual_event_id || saved.recurring_event_id || saved.created_by_recurring_event || origin.data),
  );
  const editTypePath = `/settings/admin-tools/manage-entity-types/${type.id}`;
  // Disabled until there are changes, in add mode too (spec 02 §4).
  const canSave = mode !== 'view' && state.dirty && !saver.saving;
  const save = () => {
    if (Object.keys(conflicts).length > 0) saver.setBanner(CHOOSE_BEFORE_SAVING);
    else void session.save();
  };

  // The form's props keep their identity while they mean the same, so the form (most of the
  // screen's rendering) is not rendered again when something else here changes: the versions and
  // the recurring origin arriving after it took 130 ms of a phone's main thread each (issue 20).
  const applyRecord = useCallbackRef((record: RecordData) => session.takeRecord(record));
  const saveFirst = useCallbackRef(() => session.saveFirst());
  const saveValues = useCallbackRef((values: Record<string, unknown>) => session.saveValues(values));
  const reload = useCallbackRef(() => void session.reload());
  const dateFormat = user.tenant_record?.date_format ?? 'DATE_SHORT';
  const timeFormat = user.tenant_record?.time_format ?? 'TIME_WITH_SECONDS';
  const formats = useMemo(
    () => ({ dateFormat, timeFormat, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
    [dateFormat, timeFormat],
  );
  const formUser = useMemo(
    () => ({
      id: user.id,
      personnelId: user.personnel_record?.id,
      name: user.personnel_record?.display_name ?? user.display_name,
      isGlobalAdmin: viewer.isGlobalAdmin,
      role: user.acting_role ?? undefined,
    }),
    [user, viewer.isGlobalAdmin],
  );
  const { banner: bannerText, setBanner } = saver;
  const banner = useMemo(
    () =>
      bannerText ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setBanner(null)}>
          {bannerText}
        </Alert>
      ) : null,
    [bannerText, setBanner],
  );

  const header = (
    <RecordHeader
      title={title}
      typeLabel={type.label}
      mode={mode}
      saved={saved}
      gates={gates}
      transitionBusy={commands.busy === 'transition'}
      onTransition={(name) => void commands.transition(name)}
      canSave={canSave}
      saving={saver.saving}
      onSave={save}
      onToggleEditing={toggleEditing}
      onBack={props.returnTo && !embedded ? () => navigate(props.returnTo ?? '/') : undefined}
      saveInHeader={Boolean(props.quickAdd) || embedded}
      menu={
        !props.quickAdd ? (
          <RecordMenu
            gates={gates}
            typeLabel={type.label}
            watching={commands.watching}
            recurring={recurring}
            onModifySchedule={scheduleId ? () => setSchedule('modify') : undefined}
            onDeleteSchedule={scheduleId ? () => setSchedule('delete') : undefined}
            viewMode={mode === 'view'}
            reports={menuReports(type)}
            onWatch={() => void commands.watch()}
            onEnableEditing={toggleEditing}
            onPrint={() => setDialog('print')}
            onReport={(r) => saved && void openReport(saved, r.id)}
            onVersions={() => setDialog('versions')}
            onActions={() => setDialog('actions')}
            onExportJson={() => saved && downloadJson(saved)}
            onDelete={() => setDialog('delete')}
            onEditType={() => navigate(editTypePath)}
          />
        ) : null
      }
    />
  );

  return (
    // Dimmed text reads on the shell's grey too (WCAG AA contrast). A full-page record has the
    // shell's padding only, and its title above the page navigator: the title starts where
    // every screen's title does (issue 20, one look).
    <Box data-record-screen style={{ '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } as React.CSSProperties}>
      {embedded || props.quickAdd ? null : <Box mb="md">{header}</Box>}
      <Grid gap="lg">
        {!props.quickAdd ? (
          // In the list's split view the panel is narrow: the navigator is a column of icons.
          <Grid.Col span={embedded ? { base: 12, md: 'content' } : { base: 12, md: 3 }} visibleFrom="md">
            <PageNavigator
              compact={embedded}
              type={type}
              title={title}
              picture={typeof saved?.SYSTEM_display_picture === 'string' ? saved.SYSTEM_display_picture : null}
              pages={state.pages}
              page={session.page}
              pagesWithErrors={new Set(state.pageErrors.map((g) => g.page))}
              onPage={session.setPage}
              mode={mode}
              editing={gates.enableEditing}
              onToggleEditing={toggleEditing}
              advancedSetup={gates.editType}
              onAdvancedSetup={() => navigate(editTypePath)}
              canSave={canSave}
              saving={saver.saving}
              onSave={save}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: props.quickAdd ? 12 : embedded ? 'auto' : 9 }} miw={0}>
          <Stack gap="md">
            {embedded || props.quickAdd ? header : null}
            {parent?.uri ? (
              <Text fz="sm">
                Belongs To{' '}
                <Anchor component={Link} to={parent.uri}>
                  {parent.display_name ?? parent.uri}
                </Anchor>
              </Text>
            ) : null}
            {recurring ? (
              <Alert color="blue" variant="light">
                Created by Recurring Event
              </Alert>
            ) : null}
            <ScheduleItemDialogs opened={schedule !== null} eventId={scheduleId} action={schedule} onClose={() => setSchedule(null)} />
            <DraftConflicts fields={state.defs} mine={conflicts} theirs={saved ?? {}} onChoose={chooseConflict} />
            <NerisPanel
              type={type}
              record={saved}
              fields={state.defs}
              pageLabel={(page) => pageLabelOf(type, page)}
              errors={nerisErrors}
              onErrors={showNerisErrors}
              onPage={session.setPage}
              dirty={state.dirty}
            />
            <MemoForm
              state={state}
              typeName={type.name}
              typeLabel={type.label}
              saved={saved}
              page={session.page}
              onPage={session.setPage}
              quickAdd={props.quickAdd}
              applyRecord={applyRecord}
              saveFirst={saveFirst}
              formats={formats}
              banner={banner}
              user={formUser}
              saveValues={saveValues}
              reload={reload}
            />
            {!props.quickAdd && !embedded && (mode !== 'view' || state.pages.length > 1) ? (
              <RecordActionBar
                save={mode !== 'view' ? { canSave, saving: saver.saving, onSave: save } : null}
                pages={state.pages}
                page={state.pages.includes(session.page) ? session.page : (state.pages[0] ?? 1)}
                onPage={session.setPage}
              />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <RecordDialogs
        type={type}
        session={session}
        gates={gates}
        viewer={viewer}
        dialog={dialog}
        onDialog={setDialog}
        deleting={commands.busy === 'delete'}
        onDelete={() => void commands.remove()}
      />
    </Box>
  );
}
