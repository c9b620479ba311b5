import { Autocomplete, Divider, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TYPE_ICON_NAMES, TypeIcon } from '../common/TypeIcon.tsx';
import { withPages } from '../model/draft.ts';
import { cleanIdentifier, nameAfterLabel } from '../model/identifier.ts';
import { PageSettings } from './PageSettings.tsx';
import type { TabProps } from './tab-props.ts';

const FLAGS = [
  { key: 'show_status', label: 'Show status', description: 'Records show their status and its selector.' },
  { key: 'show_assignee', label: 'Show assignee', description: 'Records can be assigned to people.' },
  { key: 'show_label_table_view', label: 'Show the label in table view', description: 'The record list shows the record label column.' },
] as const;

const DYNAMIC_TEXT = [
  { key: 'label_string', label: 'Entity Label', description: "How a record is named, e.g. '{incident_number} – {address}'." },
  { key: 'subtitle', label: 'Subtitle', description: 'A line under the record name.' },
  { key: 'formtitle', label: 'Form Title', description: "The form's heading, e.g. 'Incident {incident_number}'." },
] as const;

/** The 'setup' tab (spec 03 §2): label, identifier, pages, icon, the dynamic texts and the type's flags. */
export function SetupTab({ draft, change, readOnly, baseline, globalAdmin, typeErrors = {} }: TabProps) {
  const saved = baseline !== null;
  const setObject = (key: string, value: unknown) => change((d) => ({ ...d, object_data: { ...d.object_data, [key]: value } }));
  return (
    <Stack gap="lg" maw={820}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Label"
          required
          value={draft.label}
          readOnly={readOnly}
          error={draft.label.trim() === '' ? 'The label field is required.' : typeErrors.label?.join(' ')}
          onChange={(event) => {
            const label = event.currentTarget.value;
            change((d) => ({ ...d, label, name: nameAfterLabel({ name: d.name, edited: d.nameEdited }, label, saved) }));
          }}
          data-autofocus
        />
        <TextInput
          label="Identifier"
          required
          description={saved ? 'Fixed once the type is saved.' : 'Derived from the label; you may change it before the first save.'}
          value={draft.name}
          error={typeErrors.name?.join(' ')}
          disabled={saved || readOnly}
          ff="monospace"
          onChange={(event) => {
            const name = cleanIdentifier(event.currentTarget.value);
            change((d) => ({ ...d, name, nameEdited: name !== '' }));
          }}
        />
        <NumberInput
          label="Pages"
          required
          min={1}
          max={100}
          allowDecimal={false}
          value={draft.pages}
          error={typeErrors.pages?.join(' ')}
          readOnly={readOnly}
          onChange={(value) => {
            // While the box is being retyped ('' or 0) nothing moves; fields beyond a lower count move to its last page.
            const pages = typeof value === 'number' ? value : Number(value);
            if (!Number.isInteger(pages) || pages < 1) return;
            const moving = draft.fields.filter((f) => (f.field_data.page ?? 1) > pages).length;
            change((d) => withPages(d, pages));
            if (moving > 0) notifications.show({ message: `${moving} field${moving === 1 ? '' : 's'} moved to page ${pages}.` });
          }}
        />
        <Autocomplete
          label="Icon"
          description="A Tabler icon name."
          data={TYPE_ICON_NAMES}
          value={typeof draft.object_data.icon === 'string' ? draft.object_data.icon : ''}
          readOnly={readOnly}
          onChange={(value) => setObject('icon', value)}
          leftSection={
            <ThemeIcon variant="light" size={24}>
              <TypeIcon name={draft.object_data.icon} size={16} />
            </ThemeIcon>
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {DYNAMIC_TEXT.map((item) => (
          <TextInput
            key={item.key}
            label={item.label}
            description={item.description}
            value={typeof draft.object_data[item.key] === 'string' ? (draft.object_data[item.key] as string) : ''}
            readOnly={readOnly}
            onChange={(event) => setObject(item.key, event.currentTarget.value)}
          />
        ))}
      </SimpleGrid>
      <Divider label="Kind" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Switch
          label="Task"
          description="Records are tasks; only transitions enabled for tasks apply."
          checked={draft.is_task}
          disabled={readOnly}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            change((d) => ({ ...d, is_task: checked }));
          }}
        />
        <Switch
          label="Module"
          description="Listed in Admin Modules rather than in Collections."
          checked={draft.is_module}
          disabled={readOnly}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            change((d) => ({ ...d, is_module: checked }));
          }}
        />
        {globalAdmin && (
          <Switch
            label="Global"
            description={
              saved
                ? 'Set when the type was created.'
                : 'Every department gets this type; they can add their own fields. Otherwise the type belongs to the department you act in.'
            }
            checked={draft.is_global}
            disabled={readOnly || saved}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              change((d) => ({ ...d, is_global: checked }));
            }}
          />
        )}
        {FLAGS.map((flag) => (
          <Switch
            key={flag.key}
            label={flag.label}
            description={flag.description}
            checked={draft.object_data[flag.key] === true}
            disabled={readOnly}
            onChange={(event) => setObject(flag.key, event.currentTarget.checked)}
          />
        ))}
      </SimpleGrid>
      <Divider label="Pages" labelPosition="left" />
      <Text fz="sm" c="dimmed">
        Page labels default to 'Page N'. A page is visible to the roles listed (ALL: everyone).
      </Text>
      <Stack gap="sm">
        {Array.from({ length: draft.pages }, (_, i) => i + 1).map((page) => (
          <PageSettings key={page} draft={draft} page={page} change={change} readOnly={readOnly} />
        ))}
      </Stack>
    </Stack>
  );
}
