import { MaskInput, NumberInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { defineField } from './common/define.tsx';
import { shellProps } from './common/FieldShell.tsx';
import { customDigits, formatMaskedNumber, MASK_PATTERNS, maskedNumber, maskSettings, withoutSuffix, withSuffix } from './common/masks.ts';
import { ReadOnlyField } from './common/TextEditors.tsx';
import type { FieldEditorProps } from './types.ts';

/**
 * single-text-mask: text typed through params.inputMask — phone '(555) 123-4567', ssn
 * '123-45-6789', number '1,234.5', dollar '$1,234.50', custom: digits only (inputMaskMinDigits ..
 * inputMaskMaxDigits) — followed by params.inputMaskSuffix. Stored as shown.
 */
function MaskEditor(props: FieldEditorProps<string>) {
  const settings = maskSettings(props.field);
  // The number being typed ('12.') is kept as typed; the stored text is formatted.
  const [draft, setDraft] = useState<string | number>(() => maskedNumber(withoutSuffix(props.value ?? '', settings.suffix)) ?? '');
  if (!props.editable) return <ReadOnlyField {...(props as FieldEditorProps<unknown>)} />;
  const shell = shellProps(props);
  const text = withoutSuffix(props.value ?? '', settings.suffix);
  const suffix = settings.suffix ? (
    <Text fz="sm" c="gray.7" pr="xs">
      {settings.suffix}
    </Text>
  ) : undefined;
  const set = (t: string) => props.onChange(withSuffix(t, settings.suffix));
  const { mask } = settings;
  if (mask === 'phone' || mask === 'ssn') {
    return (
      <MaskInput
        {...shell}
        mask={MASK_PATTERNS[mask]!}
        value={text}
        onChangeRaw={(raw, masked) => set(raw === '' ? '' : masked)}
        inputMode="numeric"
        rightSection={suffix}
        rightSectionWidth={suffix ? 'auto' : undefined}
      />
    );
  }
  if (mask === 'number' || mask === 'dollar') {
    return (
      <NumberInput
        {...shell}
        value={draft}
        thousandSeparator=","
        prefix={mask === 'dollar' ? '$' : undefined}
        decimalScale={mask === 'dollar' ? 2 : undefined}
        hideControls
        onChange={(v) => {
          setDraft(v);
          set(v === '' || Number.isNaN(Number(v)) ? '' : formatMaskedNumber(Number(v), mask));
        }}
        rightSection={suffix}
        rightSectionWidth={suffix ? 'auto' : undefined}
      />
    );
  }
  if (mask === 'custom') {
    return (
      <TextInput
        {...shell}
        value={text}
        inputMode="numeric"
        maxLength={settings.maxDigits}
        onChange={(e) => set(customDigits(e.currentTarget.value, settings.maxDigits))}
        rightSection={suffix}
        rightSectionWidth={suffix ? 'auto' : undefined}
      />
    );
  }
  return (
    <TextInput
      {...shell}
      value={text}
      onChange={(e) => set(e.currentTarget.value)}
      rightSection={suffix}
      rightSectionWidth={suffix ? 'auto' : undefined}
    />
  );
}

export const singleTextMask = defineField<string>('single-text-mask', MaskEditor);
