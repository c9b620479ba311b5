import { Button, Group, Modal, Text } from '@mantine/core';
import type { EntityType } from '@turnout/shared';
import { lazyDialog } from '../../dialogs/lazy-dialog.tsx';
import { UnsavedChangesModal } from '../../permissions/leave-guard.tsx';
import { type FormViewer, pageLabelOf } from '../model/form-model.ts';
import type { Gates } from '../model/gates.ts';
import type { RecordSession } from './use-record-session.ts';

// Loaded the first time each opens, not with the record (issue 20).
const VersionHistoryDialog = lazyDialog(() => import('../dialogs/VersionHistoryDialog.tsx').then((m) => m.VersionHistoryDialog));
const EntityActionsDialog = lazyDialog(() => import('../dialogs/EntityActionsDialog.tsx').then((m) => m.EntityActionsDialog));
const PrintPagesDialog = lazyDialog(() => import('../dialogs/PrintPagesDialog.tsx').then((m) => m.PrintPagesDialog));
const ConflictDialog = lazyDialog(() => import('../dialogs/ConflictDialog.tsx').then((m) => m.ConflictDialog));

export const DELETE_CONFIRMATION = 'Are you sure you want to delete? This is a permanent action.';

export type RecordDialog = 'versions' | 'actions' | 'print' | 'delete' | 'unsaved' | null;

interface RecordDialogsProps {
  type: EntityType;
  session: RecordSession;
  gates: Gates;
  viewer: FormViewer;
  dialog: RecordDialog;
  onDialog(dialog: RecordDialog): void;
  deleting: boolean;
  onDelete(): void;
}

/**
 * The record screen's dialogs (spec 01 §2.7, §8): Version History, Entity Actions, Print Pages,
 * the delete confirmation, 'Unsaved Changes' (leaving edit or the screen) and a save conflict.
 */
export function RecordDialogs({ type, session, gates, viewer, dialog, onDialog, deleting, onDelete }: RecordDialogsProps) {
  const { saved, saver, blocker } = session;
  const close = () => onDialog(null);
  return (
    <>
      {saved ? (
        <>
          <VersionHistoryDialog
            opened={dialog === 'versions'}
            onClose={close}
            type={type}
            id={saved.id}
            viewer={viewer}
            canViewPdfs={gates.versionPdfs}
          />
          {gates.viewActions ? <EntityActionsDialog opened={dialog === 'actions'} onClose={close} type={type} id={saved.id} /> : null}
          <PrintPagesDialog
            opened={dialog === 'print'}
            onClose={close}
            typeName={type.name}
            id={saved.id}
            pages={session.state.pages.map((p) => ({ page: p, label: pageLabelOf(type, p) }))}
          />
        </>
      ) : null}
      <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={dialog === 'delete'} onClose={close} title="Delete Record" centered>
        <Text>{DELETE_CONFIRMATION}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button color="red" onClick={onDelete} loading={deleting}>
            Delete
          </Button>
        </Group>
      </Modal>
      <UnsavedChangesModal
        opened={dialog === 'unsaved' || blocker.state === 'blocked'}
        saving={saver.saving}
        onSave={async () => {
          const record = await session.save();
          if (record && blocker.state === 'blocked') blocker.proceed();
          if (record) close();
        }}
        onDiscard={() => {
          if (saved) session.takeRecord(saved, true);
          close();
          if (blocker.state === 'blocked') blocker.proceed();
          else session.setMode('view');
        }}
        onCancel={() => {
          close();
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
          if (record) session.afterSave(record, false);
        }}
        onTakeTheirs={() => {
          if (saver.conflict) session.takeRecord(saver.conflict.theirs, true);
          saver.setConflict(null);
        }}
        onClose={() => saver.setConflict(null)}
      />
    </>
  );
}
