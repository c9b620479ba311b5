import { Checkbox, Group, NumberInput, Rating, Slider, Text } from '@mantine/core';
import type { FieldDefinition } from '@turnout/shared';
import type { NumberRange } from '@turnout/shared/fields/types/number-entry';
import { SLIDER_DEFAULTS } from '@turnout/shared/fields/types/number-slider';
import { STAR_DEFAULTS } from '@turnout/shared/fields/types/star-rating';
import { useId } from 'react';
import type { FieldEditorProps } from '../types.ts';
import { FieldShell, shellProps } from './FieldShell.tsx';
import { RadioChoices } from './OptionEditors.tsx';
import { ReadOnlyField } from './TextEditors.tsx';

const num = (v: unknown) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** min and max of a slider-style field: validation's, else the defaults (slider and counter 0..100, stars max 5). */
export function bounds(field: FieldDefinition, defaults: { min: number; max: number }) {
  return { min: num(field.validation?.min) ?? defaults.min, max: num(field.validation?.max) ?? defaults.max };
}

const toNumber = (v: string | number) => (v === '' || Number.isNaN(Number(v)) ? null : Number(v));

/** number-entry: a number, or from/to with params.isNumberRange. */
export function NumberEntryEditor(props: FieldEditorProps<number | NumberRange>) {
  if (!props.editable) return <ReadOnlyField {...(props as FieldEditorProps<unknown>)} />;
  const v = props.field.validation ?? {};
  const common = {
    min: num(v.min),
    max: num(v.max),
    allowDecimal: !v.integer,
    thousandSeparator: ',' as const,
  };
  if (props.field.params?.isNumberRange) {
    const range = (typeof props.value === 'object' && props.value) || {};
    const set = (patch: NumberRange) => {
      const next = { ...range, ...patch };
      const kept = Object.fromEntries(Object.entries(next).filter(([, n]) => n !== null && n !== undefined));
      props.onChange(Object.keys(kept).length ? kept : null);
    };
    return (
      <FieldShell {...props}>
        <Group grow>
          <NumberInput {...common} label="From" value={range.from ?? ''} onChange={(n) => set({ from: toNumber(n) ?? undefined })} />
          <NumberInput {...common} label="To" value={range.to ?? ''} onChange={(n) => set({ to: toNumber(n) ?? undefined })} />
        </Group>
      </FieldShell>
    );
  }
  return (
    <NumberInput
      {...shellProps(props)}
      {...common}
      value={typeof props.value === 'number' ? props.value : ''}
      onChange={(n) => props.onChange(toNumber(n))}
    />
  );
}

/** number-slider: min and max always shown (default 0 and 100). */
export function SliderEditor(props: FieldEditorProps<number>) {
  const { min, max } = bounds(props.field, SLIDER_DEFAULTS);
  const labelId = useId();
  return (
    <FieldShell {...props} group={false} labelId={labelId}>
      <Group gap="sm" wrap="nowrap" mt={4}>
        <Text fz="xs" c="gray.7" aria-hidden>
          {min}
        </Text>
        <Slider
          style={{ flex: 1 }}
          min={min}
          max={max}
          step={props.field.validation?.integer === false ? 0.1 : 1}
          value={props.value ?? min}
          disabled={!props.editable}
          onChange={(n) => props.onChange(n)}
          thumbProps={{ 'aria-labelledby': labelId }}
          label={(n) => n}
        />
        <Text fz="xs" c="gray.7" aria-hidden>
          {max}
        </Text>
        <Text fz="sm" fw={600} miw={32} ta="right" data-testid={`${props.field.property}-value`}>
          {props.value ?? '–'}
        </Text>
      </Group>
    </FieldShell>
  );
}

/** number-counter: − and + buttons within min and max (default 0..100), both shown. */
export function CounterEditor(props: FieldEditorProps<number>) {
  const { min, max } = bounds(props.field, SLIDER_DEFAULTS);
  if (!props.editable) return <ReadOnlyField {...(props as FieldEditorProps<unknown>)} />;
  return (
    <NumberInput
      {...shellProps(props)}
      description={[props.field.helpText, `Between ${min} and ${max}`].filter(Boolean).join(' · ')}
      min={min}
      max={max}
      clampBehavior="strict"
      allowDecimal={false}
      value={props.value ?? ''}
      onChange={(n) => props.onChange(toNumber(n))}
      w={200}
    />
  );
}

/** star-rating: 1..max stars (default 5); choosing the same star again clears it. */
export function StarRatingEditor(props: FieldEditorProps<number>) {
  const { max } = bounds(props.field, { min: STAR_DEFAULTS.min, max: STAR_DEFAULTS.max });
  return (
    <FieldShell {...props}>
      <Group gap="xs" mt={4}>
        <Rating count={max} value={props.value ?? 0} readOnly={!props.editable} onChange={(n) => props.onChange(n === 0 ? null : n)} />
        <Text fz="xs" c="gray.7">
          {props.value ? `${props.value} of ${max}` : `0 of ${max}`}
        </Text>
      </Group>
    </FieldShell>
  );
}

/** year-entry: four digits. */
export function YearEditor(props: FieldEditorProps<number>) {
  if (!props.editable) return <ReadOnlyField {...(props as FieldEditorProps<unknown>)} />;
  return (
    <NumberInput
      {...shellProps(props)}
      allowDecimal={false}
      allowNegative={false}
      maxLength={4}
      placeholder="yyyy"
      hideControls
      value={props.value ?? ''}
      onChange={(n) => props.onChange(toNumber(n))}
      w={140}
    />
  );
}

/** boolean: a checkbox; false is an answer. */
export function BooleanEditor(props: FieldEditorProps<boolean>) {
  if (!props.editable) return <ReadOnlyField {...(props as FieldEditorProps<unknown>)} />;
  const shell = shellProps(props);
  return (
    <Checkbox
      label={shell.label}
      description={shell.description}
      error={shell.error}
      checked={props.value === true}
      onChange={(e) => props.onChange(e.currentTarget.checked)}
    />
  );
}

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** yes-no: Yes or No as a row of two radios. */
export function YesNoEditor(props: FieldEditorProps<boolean>) {
  const name = useId();
  if (!props.editable) return <ReadOnlyField {...(props as FieldEditorProps<unknown>)} />;
  return (
    <FieldShell {...props}>
      <RadioChoices
        name={name}
        choices={YES_NO}
        value={props.value === true ? 'true' : props.value === false ? 'false' : null}
        onChange={(k) => props.onChange(k === 'true')}
      />
    </FieldShell>
  );
}
