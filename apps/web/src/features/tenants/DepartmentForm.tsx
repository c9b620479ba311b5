import {
  Alert,
  Avatar,
  Button,
  ColorInput,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TENANT_DATE_FORMATS, TENANT_MESSAGES, TENANT_TIME_FORMATS, type TenantUpdate } from '@turnout/shared';
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError, isSignedOut } from '../../api/index.ts';
import { formatCalendarDate, formatTimeOfDay } from '../../fields/common/dates.ts';
import { uploadFile } from '../../fields/common/files.ts';
import { USER_QUERY_KEY } from '../identity/user-api.ts';
import { type Department, TENANTS_QUERY_KEY, updateDepartment } from './tenant-api.ts';

const SWATCHES = ['#9a0223', '#c92a2a', '#d9480f', '#2b8a3e', '#1864ab', '#5f3dc4', '#212529'];
/** Help text dark enough to read (axe colour contrast). */
const READABLE = { c: 'gray.7' } as const;
const EXAMPLE_DATE = '2026-10-14';
const EXAMPLE_TIME = '13:30:15';

const editable = (d: Department): TenantUpdate => ({
  name: d.name,
  display_name: d.display_name,
  color: d.color,
  date_format: d.date_format,
  time_format: d.time_format,
  SYSTEM_display_picture: d.SYSTEM_display_picture,
});

/**
 * The fields of My Department: name (global admins), display name, colour, date and time
 * formats and the display picture. Save Changes is enabled only once something changed; the
 * signed-in user is fetched again afterwards, so the top bar and every date follow at once.
 */
export function DepartmentForm({ department, nameEditable }: { department: Department; nameEditable: boolean }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<TenantUpdate>(() => editable(department));
  const [values, setValues] = useState<TenantUpdate>(saved);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const readOnly = !department.can_edit;
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(saved), [values, saved]);
  const set = <K extends keyof TenantUpdate>(key: K, value: TenantUpdate[K]) => setValues((v) => ({ ...v, [key]: value }));

  const save = useMutation({
    mutationFn: (body: TenantUpdate) => updateDepartment(department.id, body),
    onSuccess: async (answer) => {
      const next = editable(answer);
      setSaved(next);
      setValues(next);
      notifications.show({ color: 'green', message: TENANT_MESSAGES.updated });
      queryClient.setQueryData([TENANTS_QUERY_KEY, answer.id], answer);
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: [TENANTS_QUERY_KEY, 'list'] });
    },
  });
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const errorOf = (key: keyof TenantUpdate) => errors[key]?.join(', ');
  const generalError = save.error && !isSignedOut(save.error) && Object.keys(errors).length === 0 ? save.error.message : null;

  const onPicture = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      set('SYSTEM_display_picture', (await uploadFile({ file })).url);
    } catch (error) {
      setUploadError(`An error occurred: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setUploading(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty && !readOnly) save.mutate(values);
  };

  return (
    <form onSubmit={onSubmit} aria-label="My Department">
      <Stack gap="md">
        {generalError && (
          <Alert color="red" variant="light" role="alert">
            {generalError}
          </Alert>
        )}
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Group gap="md" wrap="nowrap">
              <Avatar src={values.SYSTEM_display_picture} size={72} radius="md" color="red" alt="">
                {values.display_name.slice(0, 2).toUpperCase()}
              </Avatar>
              {!readOnly && (
                <Stack gap={6}>
                  <Group gap="xs">
                    <FileButton onChange={(file) => void onPicture(file)} accept="image/*">
                      {(props) => (
                        <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} />} loading={uploading} mih={44}>
                          Choose Display Picture
                        </Button>
                      )}
                    </FileButton>
                    {values.SYSTEM_display_picture && (
                      <Button
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        mih={44}
                        onClick={() => set('SYSTEM_display_picture', null)}
                      >
                        Remove Picture
                      </Button>
                    )}
                  </Group>
                  {(uploadError || errorOf('SYSTEM_display_picture')) && (
                    <Text c="red" fz="sm" role="alert">
                      {uploadError ?? errorOf('SYSTEM_display_picture')}
                    </Text>
                  )}
                </Stack>
              )}
            </Group>
            <TextInput
              label="Name"
              description={nameEditable ? 'The identifier of the department.' : 'Only a global admin may change the name.'}
              descriptionProps={READABLE}
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              readOnly={readOnly || !nameEditable}
              required={!readOnly && nameEditable}
              error={errorOf('name')}
            />
            <TextInput
              label="Display Name"
              value={values.display_name}
              onChange={(e) => set('display_name', e.currentTarget.value)}
              readOnly={readOnly}
              required={!readOnly}
              error={errorOf('display_name')}
            />
            <ColorInput
              label="Colour"
              description="The top bar's colour for everyone in the department; its text is white, so choose a dark colour."
              placeholder="The environment's colour"
              descriptionProps={READABLE}
              withEyeDropper={false}
              format="hex"
              swatches={SWATCHES}
              value={values.color ?? ''}
              onChange={(value) => set('color', value || null)}
              readOnly={readOnly}
              disallowInput={readOnly}
              withPicker={!readOnly}
              error={errorOf('color')}
            />
            <Select
              label="Date Format"
              data={TENANT_DATE_FORMATS.map((f) => ({ value: f.value, label: f.label }))}
              value={values.date_format}
              onChange={(value) => value && set('date_format', value)}
              readOnly={readOnly}
              allowDeselect={false}
              error={errorOf('date_format')}
            />
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="time-format-label">
                Time Format
              </Text>
              <SegmentedControl
                aria-labelledby="time-format-label"
                data={TENANT_TIME_FORMATS.map((f) => ({ value: f.value, label: f.label }))}
                value={values.time_format}
                onChange={(value) => set('time_format', value)}
                readOnly={readOnly}
              />
              {errorOf('time_format') && (
                <Text c="red" fz="sm">
                  {errorOf('time_format')}
                </Text>
              )}
            </Stack>
            <Text fz="sm" c="gray.7" data-testid="format-example">
              Dates and times will read: {formatCalendarDate(EXAMPLE_DATE, values.date_format)}{' '}
              {formatTimeOfDay(EXAMPLE_TIME, values.time_format)}
            </Text>
          </Stack>
        </Paper>
        {!readOnly && (
          <Group justify="flex-end">
            <Button variant="default" mih={44} disabled={!dirty || save.isPending} onClick={() => setValues(saved)}>
              Revert
            </Button>
            <Button type="submit" mih={44} disabled={!dirty} loading={save.isPending}>
              Save Changes
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
