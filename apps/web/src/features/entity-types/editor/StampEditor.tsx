import {
  ActionIcon,
  Collapse,
  ColorInput,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconTrash } from '@tabler/icons-react';
import type { EntityTypeField } from '@turnout/shared';
import { useState } from 'react';
import type { Stamp } from '../model/draft.ts';
import { ALIGNMENTS, REPORT_FONTS, STAMP_DEFAULT_FONT_SIZE, stampPrintsImage, stampTitle } from '../model/reports.ts';

interface StampEditorProps {
  stamp: Stamp;
  fields: readonly EntityTypeField[];
  onChange: (stamp: Stamp) => void;
  onDelete: () => void;
  disabled: boolean;
}

const COMBOBOX = { withinPortal: true } as const;
const inches = (label: string) => `${label} (in)`;

/** One stamp of a report: where it prints (inches) and what, text or a field's value. */
export function StampEditor({ stamp, fields, onChange, onDelete, disabled }: StampEditorProps) {
  const [open, setOpen] = useState(!stamp.text && !stamp.field);
  const image = stampPrintsImage(stamp, fields);
  const source = stamp.field ? 'field' : 'text';
  const num = (key: keyof Stamp, label: string, optional = false) => (
    <NumberInput
      label={label}
      min={0}
      step={0.1}
      decimalScale={3}
      value={typeof stamp[key] === 'number' ? (stamp[key] as number) : ''}
      disabled={disabled}
      onChange={(value) => onChange({ ...stamp, [key]: value === '' ? (optional ? undefined : 0) : Number(value) })}
    />
  );
  const title = stampTitle(stamp, fields);
  return (
    <Paper withBorder radius="sm" p="xs" component="section" aria-label={`Stamp ${title}`}>
      <Group justify="space-between" wrap="nowrap">
        <UnstyledButton onClick={() => setOpen((o) => !o)} style={{ flex: 1 }} aria-expanded={open}>
          <Group gap={6} wrap="nowrap">
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            <Text fz="sm" fw={500} truncate>
              {title}
            </Text>
            <Text fz="xs" c="dimmed">
              page {stamp.page}, {stamp.x}″ × {stamp.y}″
            </Text>
          </Group>
        </UnstyledButton>
        {!disabled && (
          <ActionIcon variant="subtle" color="red" aria-label={`Delete stamp ${title}`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
      <Collapse expanded={open}>
        <Stack gap="sm" mt="sm">
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
            {num('x', inches('X'))}
            {num('y', inches('Y'))}
            {num('width', inches('Width'), true)}
            {image && num('height', inches('Height'), true)}
            <NumberInput
              label="PDF page"
              min={1}
              allowDecimal={false}
              value={stamp.page}
              disabled={disabled}
              onChange={(v) => onChange({ ...stamp, page: Number(v) || 1 })}
            />
          </SimpleGrid>
          <SegmentedControl
            aria-label="Prints"
            data={[
              { value: 'text', label: 'Text' },
              { value: 'field', label: 'Field' },
            ]}
            value={source}
            disabled={disabled}
            onChange={(value) =>
              onChange(
                value === 'text'
                  ? { ...stamp, field: undefined, height: undefined }
                  : { ...stamp, text: undefined, field: fields[0]?.field_data.property },
              )
            }
            w={200}
          />
          {source === 'text' ? (
            <Textarea
              label="Text"
              autosize
              minRows={2}
              value={stamp.text ?? ''}
              disabled={disabled}
              onChange={(e) => onChange({ ...stamp, text: e.currentTarget.value })}
            />
          ) : (
            <Select
              label="Field"
              data={fields.map((f) => ({ value: f.field_data.property, label: f.field_data.title || f.field_data.property }))}
              value={stamp.field ?? null}
              onChange={(field) => onChange({ ...stamp, field: field ?? undefined })}
              searchable
              disabled={disabled}
              comboboxProps={COMBOBOX}
            />
          )}
          {!image && (
            <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
              <Select
                label="Alignment"
                data={ALIGNMENTS.map((a) => ({ value: a.value, label: a.label }))}
                value={stamp.alignment ?? 'L'}
                onChange={(alignment) => alignment && onChange({ ...stamp, alignment: alignment as Stamp['alignment'] })}
                allowDeselect={false}
                disabled={disabled}
                comboboxProps={COMBOBOX}
              />
              <Select
                label="Font"
                placeholder="Report default"
                data={[...REPORT_FONTS]}
                value={stamp.font ?? null}
                onChange={(font) => onChange({ ...stamp, font: font ?? undefined })}
                clearable
                disabled={disabled}
                comboboxProps={COMBOBOX}
              />
              <ColorInput
                label="Font colour"
                value={stamp.fontColor ?? ''}
                disabled={disabled}
                onChange={(fontColor) => onChange({ ...stamp, fontColor: fontColor || undefined })}
                popoverProps={{ withinPortal: true }}
              />
              <NumberInput
                label="Font size"
                min={1}
                max={200}
                value={stamp.fontSize ?? STAMP_DEFAULT_FONT_SIZE}
                disabled={disabled}
                onChange={(v) => onChange({ ...stamp, fontSize: Number(v) || STAMP_DEFAULT_FONT_SIZE })}
              />
            </SimpleGrid>
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}
