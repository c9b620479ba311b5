import { Modal } from '@mantine/core';
import type { RecordMode } from './model/form-model.ts';
import { RecordScreen } from './RecordScreen.tsx';
import type { RecordData } from './record-api.ts';

export interface RecordModalProps {
  opened: boolean;
  onClose(): void;
  typeName: string;
  id?: string;
  mode?: RecordMode;
  /** field.{property} prefills, e.g. the parent field and field.tenant_id. */
  prefill?: Record<string, string>;
  page?: number;
  /** Full screen rather than framed. */
  fullScreen?: boolean;
  quickAdd?: boolean;
  onCreated?(record: RecordData): void;
}

/** The modal entity form (spec 02 §2): a record screen in a framed or full-screen modal. */
export function RecordModal({ opened, onClose, typeName, id, mode, prefill, page, fullScreen, quickAdd, onCreated }: RecordModalProps) {
  const search = new URLSearchParams(Object.entries(prefill ?? {}).map(([k, v]) => [k.startsWith('field.') ? k : `field.${k}`, v]));
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      fullScreen={fullScreen}
      size={fullScreen ? undefined : '80rem'}
      title={null}
      withCloseButton
    >
      {opened ? (
        <RecordScreen
          typeName={typeName}
          id={id}
          mode={mode}
          embedded
          search={search}
          page={page}
          quickAdd={quickAdd}
          onCreated={onCreated}
        />
      ) : null}
    </Modal>
  );
}
