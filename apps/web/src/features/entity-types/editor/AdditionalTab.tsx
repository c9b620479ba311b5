import { Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { fieldChoices } from '../model/draft.ts';
import { DocumentFolderPicker } from './DocumentFolderPicker.tsx';
import type { TabProps } from './tab-props.ts';

const AVAILABILITY = [
  { value: 'always', label: 'Always' },
  { value: 'close-by-date', label: 'Close by date' },
  { value: 'close-by-date-and-time', label: 'Close by date and time' },
];

/** Additional Configuration (spec 03 §3 object_data): quiz, availability, sorting, certificate, global-admin-only, home category, document folder. */
export function AdditionalTab({ draft, change, readOnly, globalAdmin, typeErrors = {} }: TabProps) {
  const od = draft.object_data;
  const set = (key: string, value: unknown) =>
    change((d) => {
      const object_data = { ...d.object_data };
      if (value === undefined || value === null || value === '') delete object_data[key];
      else object_data[key] = value;
      return { ...d, object_data };
    });
  const str = (key: string) => (typeof od[key] === 'string' ? (od[key] as string) : '');
  const availability = str('availability_option') || 'always';
  return (
    <Stack gap="lg" maw={820}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Switch
          label="Quiz"
          description="Records are quizzes: the Quiz Configuration tab appears."
          checked={od.is_quiz === true}
          disabled={readOnly}
          onChange={(e) => set('is_quiz', e.currentTarget.checked || undefined)}
        />
        <Switch
          label="Date significant"
          description="Records are placed by their date (calendars, planners)."
          checked={draft.date_significant}
          disabled={readOnly}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            change((d) => ({ ...d, date_significant: checked }));
          }}
        />
        <Switch
          label="Public form"
          description="Anyone with the signed link can fill in a new record without signing in (list options: Link to Public Form)."
          checked={od.is_public_form === true}
          disabled={readOnly}
          onChange={(e) => set('is_public_form', e.currentTarget.checked || undefined)}
        />
        {od.is_public_form === true && (
          <Switch
            label="Captcha on the public form"
            description="Visitors' browsers solve a proof-of-work puzzle before the form is sent."
            checked={od.public_form_captcha === true}
            disabled={readOnly}
            onChange={(e) => set('public_form_captcha', e.currentTarget.checked || undefined)}
          />
        )}
        {globalAdmin && (
          <Switch
            label="Global admin only"
            description="Only global admins see this type (Admin Modules lists it)."
            checked={od.is_global_admin_only === true}
            disabled={readOnly}
            onChange={(e) => set('is_global_admin_only', e.currentTarget.checked || undefined)}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Availability"
          data={AVAILABILITY}
          value={availability}
          onChange={(value) => set('availability_option', value === 'always' ? undefined : value)}
          allowDeselect={false}
          disabled={readOnly}
        />
        {availability === 'close-by-date' && (
          <TextInput
            label="Closes on"
            type="date"
            value={str('close_by_date')}
            readOnly={readOnly}
            onChange={(e) => set('close_by_date', e.currentTarget.value)}
          />
        )}
        {availability === 'close-by-date-and-time' && (
          <TextInput
            label="Closes at"
            type="datetime-local"
            value={str('close_by_date_time')}
            readOnly={readOnly}
            onChange={(e) => set('close_by_date_time', e.currentTarget.value)}
          />
        )}
        <Select
          label="Sort records by"
          placeholder="Newest first"
          data={fieldChoices(draft.fields)}
          value={str('sort_by_field') || null}
          onChange={(value) => set('sort_by_field', value)}
          clearable
          searchable
          disabled={readOnly}
        />
        <Select
          label="Certificate report"
          placeholder="None"
          data={draft.reports.map((r, i) => ({ value: r.offline_id ?? String(i), label: r.name || `Report ${i + 1}` }))}
          value={str('certificate_report') || null}
          onChange={(value) => set('certificate_report', value)}
          clearable
          disabled={readOnly}
        />
        <DocumentFolderPicker
          value={str('document_folder') || null}
          onChange={(value) => set('document_folder', value)}
          readOnly={readOnly}
          error={typeErrors['object_data.document_folder']?.join(' ')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Home category"
          description="The home-tree category whose screen shows this type as a tile: its name (e.g. Operations) or id."
          value={str('module_category')}
          readOnly={readOnly}
          onChange={(e) => set('module_category', e.currentTarget.value)}
        />
        <TextInput
          label="Category header"
          description="The sub-heading the tile sits under on the category screen."
          value={str('module_category_header')}
          readOnly={readOnly}
          onChange={(e) => set('module_category_header', e.currentTarget.value)}
        />
      </SimpleGrid>
      <Text fz="xs" c="dimmed">
        Other record-engine settings (calendar, activity feed, filters) are kept as they are.
      </Text>
    </Stack>
  );
}
