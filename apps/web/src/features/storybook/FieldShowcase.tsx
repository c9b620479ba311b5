import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FIELD_TYPE_KEYS, type FieldDefinition, type FieldTypeKey, validateField } from '@turnout/shared';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useAuth } from '../../api/auth-store.ts';
import { type FieldMode, type FieldRecordContext, type FieldUser, fieldComponentsOf } from '../../fields/index.ts';
import { useCurrentUserQuery } from '../identity/current-user.tsx';
import { FIELD_SAMPLES, SHOWCASE_CHILDREN } from './field-samples.ts';

const SAMPLE_USER: FieldUser = { id: 'showcase-user', name: 'Alex Example', isGlobalAdmin: false };

function useShowcaseUser(): FieldUser {
  const { token } = useAuth();
  const me = useCurrentUserQuery(!!token).data;
  if (!me) return SAMPLE_USER;
  return {
    id: me.id,
    personnelId: me.personnel_record?.id,
    name: me.personnel_record?.display_name ?? me.display_name,
    isGlobalAdmin: me.is_global_admin,
    role: me.acting_role ?? undefined,
  };
}

interface ShowcaseFieldProps {
  field: FieldDefinition;
  mode: FieldMode;
  value: unknown;
  onChange(value: unknown): void;
  values: Record<string, unknown>;
  setValue(property: string, value: unknown): void;
  user: FieldUser;
}

/** One field as the form would draw it: its editor, with the shared validation's messages once touched. */
function ShowcaseField({ field, mode, value, onChange, values, setValue, user }: ShowcaseFieldProps) {
  const [touched, setTouched] = useState(false);
  const editable = mode !== 'view';
  const record: FieldRecordContext = {
    typeName: 'incident_report',
    typeLabel: 'Incident Report',
    values,
    setValue,
    dateFormat: 'DATE_SHORT',
    timeFormat: 'TIME_WITH_SECONDS',
    timeZone: 'America/Chicago',
    user,
    renderFields: (list) =>
      list.map(
        (id) =>
          SHOWCASE_CHILDREN[id] && (
            <ChildField key={id} field={SHOWCASE_CHILDREN[id]} mode={mode} values={values} setValue={setValue} user={user} />
          ),
      ),
    save: async () => undefined,
  };
  const Editor = fieldComponentsOf(field.type)!.Editor;
  const errors = touched && editable ? validateField(field, value).errors.join(', ') : '';
  return (
    <div onBlurCapture={() => setTouched(true)}>
      <Editor
        field={field}
        value={value as never}
        onChange={(v: unknown) => {
          setTouched(true);
          onChange(v);
        }}
        error={errors || undefined}
        editable={editable}
        required={!!field.validation?.required}
        mode={mode}
        record={record}
      />
    </div>
  );
}

function ChildField(props: Omit<ShowcaseFieldProps, 'value' | 'onChange'>) {
  return <ShowcaseField {...props} value={props.values[props.field.property]} onChange={(v) => props.setValue(props.field.property, v)} />;
}

const FAMILY_TITLES: Record<keyof typeof FIELD_TYPE_KEYS, string> = {
  selector: 'Selectors',
  date: 'Dates and times',
  text: 'Text',
  number: 'Numbers and choice',
  input: 'Other inputs',
  computed: 'Computed',
  display: 'Display',
  container: 'Containers',
  quiz: 'Quiz questions',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Every field type in edit and view mode, sharing one record's values (the developer showcase). */
export default function FieldShowcase() {
  const user = useShowcaseUser();
  const initial = useMemo(() => {
    const values: Record<string, unknown> = {};
    for (const sample of Object.values(FIELD_SAMPLES)) values[sample.field.property] = sample.value ?? null;
    return values;
  }, []);
  const [values, setValues] = useState(initial);
  const setValue = (property: string, value: unknown) => setValues((v) => ({ ...v, [property]: value }));
  return (
    <Stack gap="lg">
      {(Object.keys(FIELD_TYPE_KEYS) as (keyof typeof FIELD_TYPE_KEYS)[]).map((family) => (
        <Section key={family} title={`Fields: ${FAMILY_TITLES[family]}`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
            {FIELD_TYPE_KEYS[family].map((key: FieldTypeKey) => {
              const { field } = FIELD_SAMPLES[key];
              return (
                <Fragment key={key}>
                  <Stack gap={4} data-testid={`field-${key}-edit`}>
                    <Group gap={6}>
                      <Badge variant="light" size="xs">
                        {key}
                      </Badge>
                      <Text fz="xs" c="gray.7">
                        edit
                      </Text>
                    </Group>
                    <ShowcaseField
                      field={field}
                      mode="edit"
                      value={values[field.property]}
                      onChange={(v) => setValue(field.property, v)}
                      values={values}
                      setValue={setValue}
                      user={user}
                    />
                  </Stack>
                  <Stack gap={4} data-testid={`field-${key}-view`}>
                    <Group gap={6}>
                      <Badge variant="outline" size="xs">
                        {key}
                      </Badge>
                      <Text fz="xs" c="gray.7">
                        view
                      </Text>
                    </Group>
                    <ShowcaseField
                      field={field}
                      mode="view"
                      value={values[field.property]}
                      onChange={() => undefined}
                      values={values}
                      setValue={setValue}
                      user={user}
                    />
                  </Stack>
                </Fragment>
              );
            })}
          </SimpleGrid>
        </Section>
      ))}
    </Stack>
  );
}
