import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconDeviceDesktop, IconPhoto, IconPlus } from '@tabler/icons-react';
import type { FileReference } from '@turnout/shared/fields/types/single-file';
import { useRef, useState } from 'react';
import { isNetworkFailure, isOffline } from '../features/offline/network.ts';
import { keepFileOffline } from '../features/offline/queued-files.ts';
import { defineField } from './common/define.tsx';
import { FieldShell } from './common/FieldShell.tsx';
import { FilePreview } from './common/FilePreview.tsx';
import { ACCEPT, type FileResource, fileTypeOf, isPhone, toReference, uploadFile, usePublicUpload } from './common/files.ts';
import { MediaLibraryModal } from './common/MediaLibraryModal.tsx';
import type { FieldDisplayProps, FieldEditorProps } from './types.ts';

/** Whether the add button shows: always with allowMultipleUploads, else only while no file is attached (spec 02 §5). */
export const canAddFile = (params: Record<string, unknown> | undefined, count: number) =>
  params?.allowMultipleUploads === true || count === 0;

/**
 * single-file: attached files. Add File → Select Source (Camera on phones, My Device, From
 * Media Library); uploads go to POST /files; 'Detach file?' before removing one.
 */
function FileEditor(props: FieldEditorProps<FileReference[]>) {
  const files = props.value ?? [];
  const fileType = fileTypeOf(props.field.params);
  const [sourceOpen, setSourceOpen] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [detach, setDetach] = useState<FileReference | null>(null);
  const [uploading, setUploading] = useState(false);
  const deviceInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const multiple = props.field.params?.allowMultipleUploads === true;
  // On a public form: uploads through its signed link, and no media library (it is the tenant's).
  const publicForm = usePublicUpload();

  const attach = (file: FileResource) => {
    const ref = toReference(file);
    props.onChange(multiple ? [...files.filter((f) => f.id !== ref.id), ref] : [ref]);
  };

  const upload = async (list: FileList | null) => {
    setSourceOpen(false);
    const chosen = list ? [...list] : [];
    if (chosen.length === 0) return;
    setUploading(true);
    try {
      let next = files;
      for (const file of multiple ? chosen : chosen.slice(0, 1)) {
        const input = {
          file,
          entityFieldId: (props.field as { id?: string }).id,
          isRestricted: props.field.params?.is_restricted === true,
          clientEntityId: props.record.entityId,
        };
        // Offline (or 'Failed to fetch'): the bytes wait on the device and go up before the save (spec 02 §4).
        const keepOffline = () => (publicForm ? null : keepFileOffline(file, input));
        let ref: FileReference | null = isOffline() ? await keepOffline() : null;
        if (!ref) {
          try {
            ref = toReference(await uploadFile(input, publicForm ? { publicForm, field: props.field.property } : undefined));
          } catch (error) {
            ref = isNetworkFailure(error) ? await keepOffline() : null;
            if (!ref) throw error;
          }
        }
        next = multiple ? [...next, ref] : [ref];
      }
      props.onChange(next);
    } catch (error) {
      notifications.show({ color: 'red', message: `An error occurred: ${(error as Error).message}` });
    } finally {
      setUploading(false);
      if (deviceInput.current) deviceInput.current.value = '';
      if (cameraInput.current) cameraInput.current.value = '';
    }
  };

  return (
    <FieldShell {...props}>
      <Stack gap="xs" mt={4}>
        {files.length === 0 && !props.editable && (
          <Text fz="sm" c="gray.7">
            (None entered)
          </Text>
        )}
        {files.map((f) => (
          <FilePreview
            key={f.id}
            file={f}
            actions={
              props.editable && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDetach(f)}>
                  Detach
                </Button>
              )
            }
          />
        ))}
        {props.editable && canAddFile(props.field.params, files.length) && (
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setSourceOpen(true)}
              loading={uploading}
            >
              Add File
            </Button>
          </Group>
        )}
      </Stack>
      <input
        ref={deviceInput}
        type="file"
        hidden
        accept={ACCEPT[fileType]}
        multiple={multiple}
        onChange={(e) => upload(e.currentTarget.files)}
        data-testid={`${props.field.property}-device-input`}
      />
      <input
        ref={cameraInput}
        type="file"
        hidden
        accept={fileType === 'audiovideo' ? 'video/*' : 'image/*'}
        capture="environment"
        onChange={(e) => upload(e.currentTarget.files)}
      />
      <Modal opened={sourceOpen} onClose={() => setSourceOpen(false)} title="Select Source" size="sm">
        <Stack gap="xs">
          {isPhone() && (
            <Button variant="default" leftSection={<IconCamera size={16} />} onClick={() => cameraInput.current?.click()}>
              Camera
            </Button>
          )}
          <Button variant="default" leftSection={<IconDeviceDesktop size={16} />} onClick={() => deviceInput.current?.click()}>
            My Device
          </Button>
          {props.field.params?.canSelectFromLibrary !== false && !publicForm && (
            <Button
              variant="default"
              leftSection={<IconPhoto size={16} />}
              onClick={() => {
                setSourceOpen(false);
                setLibraryOpen(true);
              }}
            >
              From Media Library
            </Button>
          )}
        </Stack>
      </Modal>
      <MediaLibraryModal
        opened={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        fileType={fileType}
        onPick={(f) => {
          attach(f);
          setLibraryOpen(false);
        }}
      />
      <Modal opened={detach !== null} onClose={() => setDetach(null)} title="Detach file?" size="sm">
        <Text fz="sm">{detach?.original_name}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDetach(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              const rest = files.filter((f) => f.id !== detach?.id);
              props.onChange(rest.length ? rest : null);
              setDetach(null);
            }}
          >
            Detach
          </Button>
        </Group>
      </Modal>
    </FieldShell>
  );
}

function FileDisplay({ value }: FieldDisplayProps<FileReference[]>) {
  return (
    <Stack gap={4}>
      {(value ?? []).map((f) => (
        <FilePreview key={f.id} file={f} />
      ))}
    </Stack>
  );
}

export const singleFile = defineField<FileReference[]>('single-file', FileEditor, FileDisplay);
