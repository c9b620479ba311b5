import { Alert, Anchor, Badge, Box, Button, Grid, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type EntityType, fieldText } from '@turnout/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate } from 'react-router';

import { isGlobalAdmin, isTenantAdmin } from '../../identity/access.ts';
import { useCurrentUser } from '../../identity/current-user.tsx';
import { UnsavedChangesModal } from '../../permissions/leave-guard.tsx';
import { usePermissions } from '../../permissions/use-permission.tsx';
import { ConflictDialog } from '../dialogs/ConflictDialog.tsx';
import { EntityActionsDialog } from '../dialogs/EntityActionsDialog.tsx';
import { PrintPagesDialog } from '../dialogs/PrintPagesDialog.tsx';
import { VersionHistoryDialog } from '../dialogs/VersionHistoryDialog.tsx';
import { DynamicForm } from '../form/DynamicForm.tsx';
import { useFormState } from '../form/use-form-state.ts';
import {
  definitionOf,
  type FormViewer,
  orderedFields,
  pageLabelOf,
  prefillFrom,
  type RecordMode,
  sameValue,
  type Values,
} from '../model/form-model.ts';
import { recordGates } from '../model/gates.ts';
import {
  deleteRecord,
  fetchRecord,
  fetchVersions,
  RECORD_QUERY_KEY,
  type RecordData,
  recordKey,
  transitionRecord,
  updateRecord,
  versionsKey,
} from '../record-api.ts';
import { PageNavigator } from './PageNavigator.tsx';
import { RecordMenu, type ReportItem } from './RecordMenu.tsx';
import { downloadJson, openReport, showError, toggleWatching } from './record-actions.ts';
import { StatusControl } from './StatusControl.tsx';
import { useRecordSave } from './use-record-save.ts';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete? This is a permanent action.';

export interface RecordEditorProps {
  type: EntityType;
  record: RecordData | null;
  mode?: RecordMode;
  embedded?: boolean;
  /** The add link's query (field.{property} prefills). */
  search?: URLSearchParams;
  initialPage?: number;
  quickAdd?: boolean;
  /** A record was created here (the screen keeps this editor for its new uri). */
  onCreated?(record: RecordData): void;
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

export function RecordEditor(props: RecordEditorProps) {
  const { type, embedded = false } = props;
  const user = useCurrentUser();
  const can = usePermissions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewer: FormViewer = useMemo(
    () => ({ role: user.acting_role, isGlobalAdmin: isGlobalAdmin(user), isTenantAdmin: isTenantAdmin(user) }),
    [user],
  );

  const [saved, setSaved] = useState<RecordData | null>(props.record);
  const [mode, setMode] = useState<RecordMode>(
    props.mode ?? (props.record ? (props.record.place === 'finalised' ? 'view' : 'edit') : 'add'),
  );
  const [page, setPage] = useState(props.initialPage ?? 1);
  const initial = useMemo<Values>(() => {
    if (props.record) return props.record;
    const defs = orderedFields(type).map(definitionOf);
    return props.search ? prefillFrom(props.search, defs) : {};
  }, [props.record, props.search, type]);
  const state = useFormState({ type, mode, viewer, initial, saved: saved ?? {} });
  const saver = useRecordSave({ typeName: type.name, typeLabel: type.label, state, saved, onPage: setPage });
  const isQuiz = type.object_data.is_quiz === true;

  const [dialog, setDialog] = useState<'versions' | 'actions' | 'print' | 'delete' | 'unsaved' | null>(null);
  const [busy, setBusy] = useState<'transition' | 'delete' | 'watch' | null>(null);
  const [watching, setWatching] = useState(Boolean(saved?.watching));

  /**
   * Takes a record the server answered. Unsaved changes stay (unless `discard`) for the fields
   * the server left as they were; where the server changed a field (an approval, quiz marks)
   * its value wins.
   */
  const takeRecord = (record: RecordData, discard = false) => {
    const kept = discard ? {} : Object.fromEntries(Object.entries(state.changes).filter(([p]) => sameValue(record[p], saved?.[p])));
    setSaved(record);
    state.reset({ ...record, ...kept });
    queryClient.setQueryData(recordKey(type.name, record.id), record);
  };

  // Leaving with unsaved changes asks first; our own navigation after a save or delete does not.
  const leaving = useRef(false);
  const guarded = !embedded && mode !== 'view' && state.dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guarded && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!guarded) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guarded]);

  const afterSave = (record: RecordData, wasAdd: boolean) => {
    takeRecord(record, true);
    const next: RecordMode = wasAdd && isQuiz ? 'edit' : 'view';
    setMode(next);
    if (wasAdd) {
      props.onCreated?.(record);
      if (!embedded) {
        leaving.current = true;
        navigate(`${record.uri ?? `/entity/${type.name}/${record.id}`}?mode=${next}`, { replace: true });
        leaving.current = false;
      }
    }
  };

  const save = async (): Promise<RecordData | null> => {
    const wasAdd = saved === null;
    const record = await saver.save();
    if (record) afterSave(record, wasAdd);
    return record;
  };

  /** Saves an unsaved record without leaving edit (quizzes and punches need a saved record). */
  const saveFirst = async (): Promise<RecordData | null> => {
    const wasAdd = saved === null;
    const record = await saver.save();
    if (!record) return null;
    takeRecord(record, true);
    setMode('edit');
    if (wasAdd) {
      props.onCreated?.(record);
      if (!embedded) {
        leaving.current = true;
        navigate(`${record.uri ?? `/entity/${type.name}/${record.id}`}?mode=edit`, { replace: true });
        leaving.current = false;
      }
    }
    return record;
  };

  const formUser = {
    id: user.id,
    personnelId: user.personnel_record?.id,
    name: user.personnel_record?.display_name ?? user.display_name,
    isGlobalAdmin: viewer.isGlobalAdmin,
    role: user.acting_role ?? undefined,
  };

  /** A partial save at once (approval-required): these values on top of the saved version. */
  const saveValues = async (values: Record<string, unknown>): Promise<unknown> => {
    if (!saved) {
      for (const [property, value] of Object.entries(values)) state.setValue(property, value);
      return saveFirst();
    }
    const record = await updateRecord(type.name, saved.id, { ...values, version: saved.version });
    takeRecord(record);
    return record;
  };

  const reload = async () => {
    if (!saved) return;
    try {
      takeRecord(await fetchRecord(type.name, saved.id));
    } catch (error) {
      showError(error);
    }
  };

  const toggleEditing = () => {
    if (mode === 'view') setMode('edit');
    else if (mode === 'edit') {
      if (state.dirty) setDialog('unsaved');
      else setMode('view');
    }
  };

  const versions = useQuery({
    queryKey: versionsKey(type.name, saved?.id ?? ''),
    queryFn: ({ signal }) => fetchVersions(type.name, saved?.id ?? '', signal),
    enabled: saved !== null,
  });
  const gates = recordGates({
    type,
    record: saved,
    mode,
    can,
    user: {
      isGlobalAdmin: viewer.isGlobalAdmin,
      isTenantAdmin: viewer.isTenantAdmin === true,
      actingGlobal: user.is_global,
      personnelId: user.personnel_record?.id ?? null,
    },
    hasVersionPdf: (versions.data ?? []).some((v) => Boolean(v.pdf)),
  });

  const transition = async (name: string) => {
    if (!saved) return;
    setBusy('transition');
    try {
      takeRecord(await transitionRecord(type.name, saved.id, name, state.values));
      notifications.show({ color: 'green', message: 'Status Updated Successfully' });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!saved) return;
    setBusy('delete');
    try {
      await deleteRecord(type.name, saved.id);
      notifications.show({ color: 'green', message: 'Deleted Successfully' });
      queryClient.removeQueries({ queryKey: recordKey(type.name, saved.id) });
      void queryClient.invalidateQueries({ queryKey: ['entity-list'] });
      void queryClient.invalidateQueries({ queryKey: [RECORD_QUERY_KEY] });
      setDialog(null);
      leaving.current = true;
      navigate(`/entity-list?type=${encodeURIComponent(type.name)}`);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const watch = async () => {
    if (!saved) return;
    setBusy('watch');
    const next = await toggleWatching(saved);
    if (next !== null) setWatching(next);
    setBusy(null);
  };

  const reports: ReportItem[] = (type.reports as { offline_id?: string; name: string; enabled?: boolean; available_in_ui?: boolean }[])
    .filter((r) => r.enabled !== false && r.available_in_ui !== false)
    .map((r) => ({ id: r.offline_id ?? r.name, name: r.name }));
  const title = formTitle(type, state.values, saved?.display_name || `New ${type.label}`);
  const pagesWithErrors = new Set(state.pageErrors.map((g) => g.page));
  const parent = saved?.parent as { uri?: string; display_name?: string } | undefined;
  const recurring = Boolean(saved && (saved.virtual_event_id || saved.recurring_event_id || saved.created_by_recurring_event));
  const editTypePath = `/settings/admin-tools/manage-entity-types/${type.id}`;
  const canSave = mode !== 'view' && (state.dirty || mode === 'add') && !saver.saving;

  const banner = saver.banner ? (
    <Alert color="red" role="alert" withCloseButton onClose={() => saver.setBanner(null)}>
      {saver.banner}
    </Alert>
  ) : null;

  const form = (
    <DynamicForm
      state={state}
      typeName={type.name}
      typeLabel={type.label}
      saved={saved}
      page={page}
      onPage={setPage}
      quickAdd={props.quickAdd}
      applyRecord={(record) => takeRecord(record)}
      saveFirst={saveFirst}
      formats={{
        dateFormat: user.tenant_record?.date_format ?? 'DATE_SHORT',
        timeFormat: user.tenant_record?.time_format ?? 'TIME_WITH_SECONDS',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }}
      banner={banner}
      user={formUser}
      saveValues={saveValues}
      reload={() => void reload()}
    />
  );

  return (
    // Dimmed text reads on the shell's grey too (WCAG AA contrast).
    <Box
      p={embedded ? 0 : 'md'}
      data-record-screen
      style={{ '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } as React.CSSProperties}
    >
      <Grid gap="lg">
        {!props.quickAdd ? (
          <Grid.Col span={{ base: 12, md: 3 }} visibleFrom={embedded ? 'xl' : 'md'}>
            <PageNavigator
              type={type}
              title={title}
              picture={typeof saved?.SYSTEM_display_picture === 'string' ? saved.SYSTEM_display_picture : null}
              pages={state.pages}
              page={page}
              pagesWithErrors={pagesWithErrors}
              onPage={setPage}
              mode={mode}
              editing={gates.enableEditing}
              onToggleEditing={toggleEditing}
              advancedSetup={gates.editType}
              onAdvancedSetup={() => navigate(editTypePath)}
              canSave={canSave}
              saving={saver.saving}
              onSave={() => void save()}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: props.quickAdd ? 12 : 9 }}>
          <Stack gap="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Title order={1} size="h3">
                    {title}
                  </Title>
                  {mode !== 'view' ? (
                    <Badge variant="filled" color="blue.9">
                      Edit Mode
                    </Badge>
                  ) : null}
                </Group>
                <Text fz="sm" c="dimmed">
                  {type.label}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                {gates.statusShown && saved ? (
                  <StatusControl
                    place={saved.place}
                    transitions={saved.available_transitions}
                    enabled={gates.statusEnabled}
                    busy={busy === 'transition'}
                    onTransition={(name) => void transition(name)}
                  />
                ) : null}
                {mode !== 'view' ? (
                  <Button hiddenFrom="md" size="xs" onClick={() => void save()} disabled={!canSave} loading={saver.saving}>
                    Save Changes
                  </Button>
                ) : null}
                {gates.enableEditing.shown && mode === 'view' ? (
                  <Button hiddenFrom="md" size="xs" variant="light" onClick={toggleEditing} disabled={gates.enableEditing.disabled}>
                    Enable Editing
                  </Button>
                ) : null}
                {!props.quickAdd ? (
                  <RecordMenu
                    gates={gates}
                    typeLabel={type.label}
                    watching={watching}
                    recurring={recurring}
                    viewMode={mode === 'view'}
                    reports={reports}
                    onWatch={() => void watch()}
                    onEnableEditing={toggleEditing}
                    onPrint={() => setDialog('print')}
                    onReport={(r) => saved && void openReport(saved, r.id)}
                    onVersions={() => setDialog('versions')}
                    onActions={() => setDialog('actions')}
                    onExportJson={() => saved && downloadJson(saved)}
                    onDelete={() => setDialog('delete')}
                    onEditType={() => navigate(editTypePath)}
                  />
                ) : null}
              </Group>
            </Group>
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
            {form}
          </Stack>
        </Grid.Col>
      </Grid>

      {saved ? (
        <>
          <VersionHistoryDialog
            opened={dialog === 'versions'}
            onClose={() => setDialog(null)}
            type={type}
            id={saved.id}
            viewer={viewer}
            canViewPdfs={gates.versionPdfs}
          />
          {gates.viewActions ? (
            <EntityActionsDialog opened={dialog === 'actions'} onClose={() => setDialog(null)} type={type} id={saved.id} />
          ) : null}
          <PrintPagesDialog
            opened={dialog === 'print'}
            onClose={() => setDialog(null)}
            typeName={type.name}
            id={saved.id}
            pages={state.pages.map((p) => ({ page: p, label: pageLabelOf(type, p) }))}
          />
        </>
      ) : null}
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title="Delete Record"
        centered
      >
        <Text>{DELETE_CONFIRMATION}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDialog(null)} disabled={busy === 'delete'}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void remove()} loading={busy === 'delete'}>
            Delete
          </Button>
        </Group>
      </Modal>
      <UnsavedChangesModal
        opened={dialog === 'unsaved' || blocker.state === 'blocked'}
        saving={saver.saving}
        onSave={async () => {
          const record = await save();
          if (record && blocker.state === 'blocked') blocker.proceed();
          if (record) setDialog(null);
        }}
        onDiscard={() => {
          if (saved) takeRecord(saved, true);
          setDialog(null);
          if (blocker.state === 'blocked') blocker.proceed();
          else setMode('view');
        }}
        onCancel={() => {
          setDialog(null);
          if (blocker.state === 'blocked') blocker.reset();
        }}
      />
      <ConflictDialog
        opened={saver.conflict !== null}
        rows={saver.conflict?.rows ?? []}
        who={null}
        busy={saver.saving}
        onKeepMine={async () => {
          const record = await saver.keepMine();
          if (record) afterSave(record, false);
        }}
        onTakeTheirs={() => {
          if (saver.conflict) takeRecord(saver.conflict.theirs, true);
          saver.setConflict(null);
        }}
        onClose={() => saver.setConflict(null)}
      />
    </Box>
  );
}
