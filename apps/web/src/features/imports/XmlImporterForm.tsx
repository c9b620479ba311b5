import { ActionIcon, Alert, Autocomplete, Button, FileButton, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  childDestination,
  cleanEmailPrefix,
  importStarted,
  XML_IMPORTER_MESSAGES,
  XML_IMPORTER_TITLES,
  type XmlFieldMapping,
  type XmlImporterConfig,
  xmlImporterErrors,
} from '@turnout/shared';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/index.ts';
import { uploadFile } from '../../fields/common/files.ts';
import type { FieldEditorProps } from '../../fields/types.ts';
import { fetchType, fetchTypesLite, liteKey, typeKey } from '../entity-types/entity-types-api.ts';
import { followJob } from '../long-running-jobs/jobs-api.ts';

const AMERICA_ZONES = (() => {
  try {
    return Intl.supportedValuesOf('timeZone').filter((z) => z.startsWith('America/'));
  } catch {
    return ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
  }
})();

/** POST /xml-import/{id} with the file's path: a test import; the job screen shows its result. */
async function testImport(importerId: string, path: string | undefined): Promise<string> {
  return (await api.post(`/xml-import/${encodeURIComponent(importerId)}`, path ? { path } : {}, { schema: importStarted })).importId;
}

type Key = keyof typeof XML_IMPORTER_TITLES;

/**
 * The XML importer's configuration form (spec 02 §3, §5): the xml-field-mapper kind of the
 * custom-functionality field. Email prefix with its character rule, folder, file upload, row
 * XPath, map-into entity type, unique key, timezone, the field map with the parent/child rule,
 * and the tenant mapping, read-only because an importer belongs to its department. 'Test
 * Import' runs POST /xml-import/{id} and opens the import job screen.
 */
export function XmlImporterForm(props: FieldEditorProps<unknown>) {
  const config = (props.value && typeof props.value === 'object' ? props.value : {}) as XmlImporterConfig;
  const editable = props.editable;
  const navigate = useNavigate();
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [uploading, setUploading] = useState(false);
  const [testing, setTesting] = useState(false);
  const errors = useMemo(() => xmlImporterErrors(config, { hasTenant: true }), [config]);
  const types = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal) });
  const typeId = config.entity_type_id ?? '';
  const type = useQuery({ queryKey: typeKey(typeId), queryFn: ({ signal }) => fetchType(typeId, signal), enabled: typeId !== '' });
  const destinations = (type.data?.fields ?? []).map((f) => f.field_data.property as string);

  const set = (patch: Partial<XmlImporterConfig>, key?: string) => {
    if (key) setTouched((t) => new Set(t).add(key));
    props.onChange({ ...config, ...patch });
  };
  const shown = (key: string) => (touched.has(key) || props.error ? errors[key]?.join(', ') : undefined);
  const mappings = config.field_map ?? [];
  const setMapping = (i: number, patch: Partial<XmlFieldMapping>) =>
    set({ field_map: mappings.map((m, j) => (j === i ? { ...m, ...patch } : m)) }, `field_map.${i}.destination`);

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const stored = await uploadFile({ file, isRestricted: true });
      set({ file: { value: stored.id, path: stored.url, name: stored.original_name } }, 'file');
    } catch (error) {
      notifications.show({ color: 'red', message: `An error occurred: ${(error as Error).message}`, autoClose: 10_000 });
    } finally {
      setUploading(false);
    }
  };
  const runTest = async () => {
    setTesting(true);
    try {
      const importId = await testImport(props.record.entityId!, config.file?.path);
      navigate(`/jobs/${encodeURIComponent(importId)}`);
      void followJob(importId, { label: 'The test import' }).catch(() => undefined);
    } catch (error) {
      notifications.show({ color: 'red', message: `An error occurred: ${(error as Error).message}`, autoClose: 10_000 });
    } finally {
      setTesting(false);
    }
  };

  const text = (key: Exclude<Key, 'file' | 'entity_type_id' | 'timezone' | 'tenantMappingField'>, description?: string) => (
    <TextInput
      label={XML_IMPORTER_TITLES[key]}
      description={description}
      value={(config[key] as string | undefined) ?? ''}
      onChange={(e) => set({ [key]: key === 'importerEmailPrefix' ? cleanEmailPrefix(e.currentTarget.value) : e.currentTarget.value }, key)}
      error={shown(key)}
      required={editable && key !== 'rowXPath'}
      disabled={!editable}
    />
  );

  return (
    <Stack gap="sm">
      {text('importerEmailPrefix', 'Rows arrive by mail at this prefix: lowercase letters, digits, hyphen and underscore only.')}
      {text('importerFolder')}
      <Stack gap={4}>
        <Group gap="sm">
          <FileButton onChange={upload} accept=".xml,text/xml,application/xml" disabled={!editable}>
            {(p) => (
              <Button {...p} variant="default" leftSection={<IconUpload size={16} />} loading={uploading} disabled={!editable} mih={44}>
                {config.file?.value ? 'Replace XML File' : 'Upload XML File'}
              </Button>
            )}
          </FileButton>
          <Text fz="sm" data-testid="xml-importer-file">
            {config.file?.name ?? (config.file?.value ? 'XML file uploaded' : 'No file yet')}
          </Text>
        </Group>
        {shown('file') && (
          <Text fz="sm" c="red.8">
            {shown('file')}
          </Text>
        )}
      </Stack>
      {text('rowXPath', "Each element it selects is one row (default: the root's children), e.g. /export/incident.")}
      <Select
        label={XML_IMPORTER_TITLES.entity_type_id}
        data={(types.data ?? []).map((t) => ({ value: t.id, label: t.label }))}
        value={typeId || null}
        onChange={(value) => set({ entity_type_id: value ?? '' }, 'entity_type_id')}
        searchable
        required={editable}
        disabled={!editable}
        error={shown('entity_type_id')}
      />
      {text('uniqueKey', 'An XPath from the row whose text identifies its record, e.g. @id: a later import updates that record.')}
      <Select
        label={XML_IMPORTER_TITLES.timezone}
        data={AMERICA_ZONES}
        value={config.timezone || null}
        onChange={(value) => set({ timezone: value ?? '' }, 'timezone')}
        searchable
        required={editable}
        disabled={!editable}
        error={shown('timezone')}
      />
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Title order={4}>Field map</Title>
          {mappings.length === 0 && <Text c="gray.7">No fields mapped yet.</Text>}
          {mappings.map((m, i) => {
            const child = childDestination(m.destination ?? '');
            const error = shown(`field_map.${i}.destination`) ?? (child ? errors[`field_map.${i}.destination`]?.join(', ') : undefined);
            return (
              <Stack key={m.offline_id} gap={4}>
                <Group align="flex-end" gap="xs" wrap="nowrap">
                  <TextInput
                    label="Source"
                    placeholder="unit or @id"
                    value={m.source}
                    onChange={(e) => setMapping(i, { source: e.currentTarget.value })}
                    disabled={!editable}
                    flex={1}
                  />
                  <Autocomplete
                    label="Destination"
                    placeholder="field, or parent.*.child"
                    data={destinations}
                    value={m.destination}
                    onChange={(value) => setMapping(i, { destination: value })}
                    disabled={!editable}
                    error={error}
                    flex={1}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={44}
                    aria-label={`Remove mapping ${i + 1}`}
                    onClick={() => set({ field_map: mappings.filter((_, j) => j !== i) })}
                    disabled={!editable}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
                {child && error && editable && (
                  <Button
                    variant="subtle"
                    size="xs"
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() =>
                      set({ field_map: [...mappings, { source: m.source, destination: child.parent, offline_id: crypto.randomUUID() }] })
                    }
                  >
                    Map {m.source || 'the source'} to {child.parent}
                  </Button>
                )}
              </Stack>
            );
          })}
          {editable && (
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              style={{ alignSelf: 'flex-start' }}
              mih={44}
              onClick={() => set({ field_map: [...mappings, { source: '', destination: '', offline_id: crypto.randomUUID() }] })}
            >
              Add Mapping
            </Button>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Title order={4}>Tenant mapping</Title>
          <Text fz="sm" c="gray.7">
            {XML_IMPORTER_MESSAGES.tenantReadOnly}
          </Text>
          <TextInput label={XML_IMPORTER_TITLES.tenantMappingField} value={config.tenantMappingField ?? ''} readOnly disabled />
          {(config.valueToTenantMap ?? []).map((t) => (
            <Text key={t.offline_id} fz="sm">
              {t.match} → {t.tenant}
            </Text>
          ))}
        </Stack>
      </Paper>
      {props.record.entityId ? (
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          onClick={runTest}
          loading={testing}
          disabled={Object.keys(errors).length > 0}
          style={{ alignSelf: 'flex-start' }}
          mih={44}
        >
          Test Import
        </Button>
      ) : (
        <Alert color="gray">Save the importer first; then Test Import runs its file.</Alert>
      )}
    </Stack>
  );
}
