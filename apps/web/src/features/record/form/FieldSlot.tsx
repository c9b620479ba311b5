import { Input, Stack, Text } from '@mantine/core';
import { type FieldDefinition, fieldTypeOf } from '@turnout/shared';
import { memo, useId } from 'react';
import { fieldComponentsOf, registeredFieldTypes } from '../../../fields/index.ts';
import { showsRequired } from '../model/form-model.ts';
import { ApprovalNote } from './ApprovalNote.tsx';
import { FallbackDisplayField, FallbackEditor } from './FallbackField.tsx';
import { PunchCard, QuizRunner } from './lazy-parts.tsx';
import { useRecordForm } from './record-form-context.tsx';

const CONTAINERS = new Set(['container-row', 'container-group', 'container-tile', 'container-button']);

/** A registered editor for exactly this type (not the single-text stand-in for unknown types). */
const ownEditorOf = (type: string) => (registeredFieldTypes().includes(type) ? fieldComponentsOf(type) : undefined);

/** A container's children, side by side for rows, stacked otherwise (used until its editor is registered). */
function ContainerFallback({ field }: { field: FieldDefinition }) {
  const form = useRecordForm();
  if (!form) return null;
  const children = form.childrenOf(field).filter(form.state.isVisible);
  const row = field.type === 'container-row';
  return (
    <fieldset
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-sm)',
        padding: 'var(--mantine-spacing-sm)',
        margin: 0,
        minWidth: 0,
      }}
    >
      {field.title ? (
        <legend style={{ padding: '0 4px' }}>
          <Text fw={600} fz="sm" component="span">
            {field.title}
          </Text>
        </legend>
      ) : null}
      <div
        style={
          row ? { display: 'grid', gridTemplateColumns: `repeat(auto-fit, minmax(160px, 1fr))`, gap: 12 } : { display: 'grid', gap: 12 }
        }
      >
        {children.map((child) => (
          <div key={child.property}>{form.renderField(child)}</div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * One field in the form: its label (with the required marker only when editable), the
 * registered editor or display (or the form's own text input until one is registered), the
 * message under it, help text and its approval state.
 */
export const FieldSlot = memo(function FieldSlot({ field }: { field: FieldDefinition }) {
  const form = useRecordForm();
  const inputId = useId();
  if (!form) return null;
  const { state } = form;
  const property = field.property;
  const editable = state.isEditable(field);
  const required = showsRequired(field, editable);
  const error = state.messageOf(property);
  const value = state.values[property];
  const kind = fieldTypeOf(field.type);
  const registered = ownEditorOf(field.type);
  const params = field.params ?? {};

  if (field.type === 'column-break') return null;
  if (!registered) {
    if (CONTAINERS.has(field.type)) return <ContainerFallback field={field} />;
    if (field.type === 'heading' || field.type === 'text-label') return <FallbackDisplayField field={field} />;
    if (field.type === 'quiz-question-group') return <QuizRunner field={field} />;
    if (field.type === 'custom-functionality' && params.customFunctionalityType === 'timesheet-punch-card')
      return <PunchCard field={field} />;
    if (!kind.holdsValue) return <FallbackDisplayField field={field} />;
  }

  const components = registered ?? fieldComponentsOf(field.type);
  const editorProps = {
    field,
    value: value as never,
    onChange: (next: unknown) => state.setValue(property, next),
    error,
    editable,
    required,
    mode: form.fieldMode,
    record: form.record,
  };
  if (components?.ownLabel)
    return (
      <Stack gap={4} data-field={property}>
        <components.Editor {...editorProps} />
        {form.saved ? <ApprovalNote field={field} record={form.saved} /> : null}
      </Stack>
    );

  const viewing = state.mode === 'view' || !editable;
  let body: React.ReactNode;
  if (viewing && components?.Display) body = <components.Display field={field} value={value as never} record={form.record} />;
  else if (components) body = <components.Editor {...editorProps} inputId={inputId} />;
  else body = <FallbackEditor {...editorProps} editable={editable && !viewing} inputId={inputId} />;

  return (
    <Stack gap={4} data-field={property}>
      <Input.Wrapper
        label={field.title || property}
        labelProps={{ htmlFor: inputId }}
        required={required}
        description={field.helpText || undefined}
        error={error}
        errorProps={{ role: 'alert' }}
      >
        <div style={{ marginTop: 4 }}>{body}</div>
      </Input.Wrapper>
      {form.saved ? <ApprovalNote field={field} record={form.saved} /> : null}
    </Stack>
  );
});
