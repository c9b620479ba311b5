import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PermissionLevelName } from '@turnout/shared';
import { type ReactNode, useState } from 'react';
import type { Blocker } from 'react-router';
import { isSignedOut } from '../../api/index.ts';
import { failureText } from './failure.ts';
import { UnsavedChangesModal, useLeaveGuard } from './leave-guard.tsx';
import { MatrixLegend } from './MatrixLegend.tsx';
import { changedEntries, type Edits, isDirty, LEVEL_TITLES, pruneEdits, withEdit } from './matrix-model.ts';
import { PermissionMatrix } from './PermissionMatrix.tsx';
import { type EditView, fetchEditView, type PermissionContext } from './permissions-api.ts';
import { editViewKey, usePermissionSave } from './use-permission-save.ts';

export const CHANGES_REVERTED = 'Changes reverted successfully';
export const NO_PERMISSIONS_TO_EDIT = 'No permissions to edit';

const LEVEL_HELP: Record<PermissionLevelName, string> = {
  system: 'The defaults of every department. Tenants, roles and people inherit them unless they set their own.',
  tenant: 'What everyone in this department inherits, over the system defaults.',
  role: 'What this role inherits in this department, over the tenant and the system defaults.',
  personnel: "What this person gets, over their role's, the tenant's and the system defaults.",
};

/** The level being edited, as the picker described it. */
export interface PermissionTarget {
  context: PermissionContext;
  /** E.g. 'Riverside Fire Department · Firefighter', or 'System defaults'. */
  title: string;
}

interface PermissionEditorProps {
  target: PermissionTarget;
  onBack: () => void;
  /** Only these keys (an entity type's own permissions); all keys when not given. */
  onlyKeys?: readonly string[];
  /**
   * How leaving with unsaved changes is guarded: the route's blocker by default. A screen that
   * guards the route itself (the entity type editor) passes `useNoLeaveGuard`: a router has one blocker.
   */
  useGuard?: (dirty: boolean) => Blocker;
}

/**
 * The editor of one level (spec 03 §2 'Manage Permissions', §4, §5): the matrix, Back, Save and
 * Revert. Save and Revert are enabled only with unsaved changes; leaving with unsaved changes
 * asks 'Unsaved Changes' first.
 */
export function PermissionEditor({ target, onBack, onlyKeys, useGuard = useLeaveGuard }: PermissionEditorProps) {
  const query = useQuery({
    queryKey: editViewKey(target.context),
    queryFn: ({ signal }) => fetchEditView(target.context, signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
    select: onlyKeys ? (data: EditView) => ({ ...data, keys: data.keys.filter((k) => onlyKeys.includes(k.key)) }) : undefined,
  });
  const view = query.data;
  const [edits, setEdits] = useState<Edits>({});
  const dirty = view ? isDirty(view.set, edits) : false;
  const save = usePermissionSave(target.context, (sent) => setEdits((current) => pruneEdits({ ...view?.set, ...sent }, current)));

  const blocker = useGuard(dirty);
  const [backAsked, setBackAsked] = useState(false);
  const leaving = backAsked || blocker.state === 'blocked';
  const leave = () => {
    setBackAsked(false);
    if (blocker.state === 'blocked') blocker.proceed();
    else onBack();
  };
  const stay = () => {
    setBackAsked(false);
    if (blocker.state === 'blocked') blocker.reset();
  };

  const saveChanges = (then?: () => void) => {
    if (!view || !dirty || save.isPending) return;
    save.mutate(changedEntries(view, edits), { onSuccess: () => then?.(), onError: () => then && stay() });
  };
  const revert = () => {
    if (!dirty) return;
    setEdits({});
    notifications.show({ color: 'green', message: CHANGES_REVERTED });
  };
  const back = () => (dirty ? setBackAsked(true) : onBack());
  useHotkeys([['mod+S', () => saveChanges()]], []);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack role="status" gap="xs" aria-busy="true" aria-label="Loading permissions">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} h={40} radius="md" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    const reason = failureText(query.error);
    body = isSignedOut(query.error) ? null : (
      <Alert color="red" variant="light" role="alert" title="The permissions could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{reason}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (query.data.keys.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {NO_PERMISSIONS_TO_EDIT}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm">
        <MatrixLegend />
        <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
          <PermissionMatrix
            view={query.data}
            edits={edits}
            label={target.title}
            onChange={(key, action, value) => setEdits((current) => withEdit(query.data.set, current, key, action, value))}
          />
        </Paper>
        {!query.data.can_edit_globally_set && query.data.keys.some((k) => k.globally_set) && (
          <Text fz="xs" c="dimmed">
            Globally-set permissions are shown for reference: only global admins can change them.
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={back}>
          Back
        </Button>
        <Group gap="sm">
          {dirty && (
            <Badge color="yellow" variant="light" size="lg">
              Unsaved changes
            </Badge>
          )}
          <Button variant="default" leftSection={<IconArrowBackUp size={16} />} disabled={!dirty || save.isPending} onClick={revert}>
            Revert
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} disabled={!dirty} loading={save.isPending} onClick={() => saveChanges()}>
            Save
          </Button>
        </Group>
      </Group>
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={2} fz="xl">
            {target.title}
          </Title>
          {view && (
            <Badge variant="light" data-testid="permission-level">
              {LEVEL_TITLES[view.level]}
            </Badge>
          )}
        </Group>
        {view && (
          <Text fz="sm" c="dimmed">
            {LEVEL_HELP[view.level]}
          </Text>
        )}
      </Stack>
      {body}
      <UnsavedChangesModal opened={leaving} saving={save.isPending} onSave={() => saveChanges(leave)} onDiscard={leave} onCancel={stay} />
    </Stack>
  );
}
