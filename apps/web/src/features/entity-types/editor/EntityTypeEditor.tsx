import { ActionIcon, Alert, Badge, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconDeviceFloppy, IconDots, IconDownload, IconTrash } from '@tabler/icons-react';
import type { EntityType, EntityTypeField } from '@turnout/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isGlobalAdmin } from '../../identity/access.ts';
import { useCurrentUser } from '../../identity/current-user.tsx';
import { UnsavedChangesModal, useLeaveGuard } from '../../permissions/leave-guard.tsx';
import { useConfirmation } from '../common/ConfirmModal.tsx';
import { deleteWarning } from '../list/TypeRow.tsx';
import { type Draft, draftFromType, emptyDraft } from '../model/draft.ts';
import { stableJson } from '../model/save-body.ts';
import { exportType, useDeleteType } from '../use-type-mutations.ts';
import { EditorTabs } from './EditorTabs.tsx';
import { useEditorSave } from './use-editor-save.tsx';

export type EditorMode = 'add' | 'edit' | 'view';

interface EntityTypeEditorProps {
  baseline: EntityType | null;
  mode: EditorMode;
  /** Where Cancel and Delete lead back to. */
  from: string;
}

/** The editor: title, Cancel / Save and a menu with Delete, the tabs, and the 'Unsaved Changes' guard. */
export function EntityTypeEditor({ baseline: loaded, mode, from }: EntityTypeEditorProps) {
  const user = useCurrentUser();
  const globalAdmin = isGlobalAdmin(user);
  const navigate = useNavigate();
  const [baseline, setBaseline] = useState<EntityType | null>(loaded);
  // At global level a new type can only be global: the server needs a tenant for any other.
  const [pristine, setPristine] = useState<Draft>(() =>
    loaded ? draftFromType(loaded) : { ...emptyDraft(), is_global: globalAdmin && user.tenant_id === null },
  );
  const [draft, setDraft] = useState<Draft>(pristine);
  const [goTo, setGoTo] = useState<string | null>(null);
  // Saving from the 'Unsaved Changes' question: the navigation asked for goes on, nowhere else.
  const leavingAfterSave = useRef(false);
  const dirty = useMemo(() => stableJson(draft) !== stableJson(pristine), [draft, pristine]);

  // A tenant user editing a global type adds and changes only their department's fields (spec 03 §6).
  const tenantFieldsOnly = baseline !== null && baseline.tenant_id === null && !globalAdmin;
  const readOnly = mode === 'view' || tenantFieldsOnly;
  const fieldEditable = (field: EntityTypeField) =>
    mode !== 'view' && (!tenantFieldsOnly || !field.id || field.tenant_id === user.tenant_id);

  const { save, saving, fieldErrors, typeErrors } = useEditorSave({
    baseline,
    draft,
    setDraft,
    onSaved: (saved) => {
      const next = draftFromType(saved);
      setBaseline(saved);
      setPristine(next);
      setDraft(next);
      if (!baseline && !leavingAfterSave.current)
        setGoTo(`/settings/admin-tools/manage-entity-types/${saved.id}?from=${encodeURIComponent(from)}`);
    },
  });
  const remove = useDeleteType();
  const confirm = useConfirmation();

  const blocker = useLeaveGuard(dirty && mode !== 'view');
  // After the first save the address becomes the type's: navigate once the guard knows nothing is unsaved.
  useEffect(() => {
    if (goTo && !dirty) {
      navigate(goTo, { replace: true });
      setGoTo(null);
    }
  }, [goTo, dirty, navigate]);
  useHotkeys([['mod+S', () => mode !== 'view' && void save()]], []);

  const title = baseline ? `Edit ${baseline.label}` : 'New Entity Type';
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Group gap="sm">
            <Title order={1}>{title}</Title>
            {mode === 'view' && <Badge variant="light">View only</Badge>}
            {dirty && mode !== 'view' && (
              <Badge color="yellow" variant="light">
                Unsaved changes
              </Badge>
            )}
          </Group>
          {baseline && (
            <Text fz="sm" c="dimmed" ff="monospace">
              {baseline.name}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <Button variant="default" onClick={() => navigate(from)}>
            Cancel
          </Button>
          {mode !== 'view' && (
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => void save()}
              loading={saving}
              disabled={!dirty && baseline !== null}
            >
              Save
            </Button>
          )}
          {baseline && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label="More actions">
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void exportType(baseline)}>
                  Export type to JSON
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconTrash size={16} />}
                  color="red"
                  disabled={mode === 'view' || tenantFieldsOnly}
                  onClick={() =>
                    confirm.ask({
                      title: `Delete type '${baseline.label}'`,
                      message: deleteWarning(baseline.label),
                      onConfirm: async () => {
                        await remove.mutateAsync(baseline.id);
                        setPristine(draft);
                        setGoTo(from);
                      },
                    })
                  }
                >
                  Delete type '{baseline.label}'
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      {tenantFieldsOnly && (
        <Alert variant="light" color="blue">
          This is a global entity type: you can add and change your department's own fields. Other changes are made by global admins.
        </Alert>
      )}
      <EditorTabs
        draft={draft}
        change={(recipe) => setDraft((current) => recipe(current))}
        readOnly={readOnly}
        baseline={baseline}
        globalAdmin={globalAdmin}
        fieldEditable={fieldEditable}
        canAddFields={mode !== 'view'}
        fieldErrors={fieldErrors}
        typeErrors={typeErrors}
      />
      <UnsavedChangesModal
        opened={blocker.state === 'blocked'}
        saving={saving}
        onSave={() => {
          leavingAfterSave.current = true;
          void save().then((ok) => {
            leavingAfterSave.current = false;
            if (ok) blocker.proceed?.();
            else blocker.reset?.();
          });
        }}
        onDiscard={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
      {confirm.modal}
    </Stack>
  );
}
