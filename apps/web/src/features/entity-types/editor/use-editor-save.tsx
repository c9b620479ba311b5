import { List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { EntityType } from '@turnout/shared';
import { useState } from 'react';
import { ApiError, isSignedOut } from '../../../api/index.ts';
import { createType, ENTITY_TYPES_QUERY_KEY, typeKey, updateType } from '../entity-types-api.ts';
import { type Draft, fieldKey } from '../model/draft.ts';
import { IDENTIFIER_PATTERN, PROPERTY_PATTERN } from '../model/identifier.ts';
import { buildSaveBody, fieldErrorsByKey } from '../model/save-body.ts';

export const SAVE_FAILED_TITLE = 'The entity type was not saved';

/** What stops a save before it is sent (spec 03 §5: label, identifier and pages are required). */
export function draftProblems(draft: Draft, isNew: boolean): string[] {
  const problems: string[] = [];
  if (draft.label.trim() === '') problems.push('The label field is required.');
  if (isNew && !IDENTIFIER_PATTERN.test(draft.name)) {
    problems.push('The identifier is required: lowercase letters, digits and underscores, starting with a letter.');
  }
  if (!Number.isInteger(draft.pages) || draft.pages < 1) problems.push('The pages must be at least 1.');
  for (const field of draft.fields) {
    if (!PROPERTY_PATTERN.test(field.field_data.property)) {
      problems.push(`The field '${field.field_data.title || '(untitled)'}' needs a property (letters, digits and underscores).`);
    }
  }
  const unnamed = (items: readonly { name: string }[], what: string) =>
    items.forEach((item, index) => {
      if (item.name.trim() === '') problems.push(`${what} ${index + 1} needs a name.`);
    });
  unnamed(draft.actions, 'Action');
  unnamed(draft.alarms, 'Alarm');
  unnamed(draft.reports, 'Report');
  return problems;
}

function showFailure(title: string, lines: string[]): void {
  // Kept until dismissed (spec 03 §8).
  notifications.show({
    color: 'red',
    title,
    autoClose: false,
    message:
      lines.length === 1 ? (
        <Text fz="sm">{lines[0]}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ),
  });
}

interface SaveOptions {
  baseline: EntityType | null;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  onSaved: (saved: EntityType) => void;
}

/**
 * Save: POST for a new type, PUT for an existing one (only fields with modified_at change). The
 * server's message shows on success. On failure the fields go back to their state before the
 * save (spec 03 §4), the server's message stays in a danger toast until dismissed, and the
 * fields the 422 names are marked.
 */
export function useEditorSave({ baseline, draft, setDraft, onSaved }: SaveOptions) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [typeErrors, setTypeErrors] = useState<Record<string, string[]>>({});

  const save = async (): Promise<boolean> => {
    const problems = draftProblems(draft, baseline === null);
    if (problems.length > 0) {
      showFailure(SAVE_FAILED_TITLE, problems);
      return false;
    }
    const preSave = structuredClone(draft);
    const body = buildSaveBody(baseline, draft);
    setSaving(true);
    try {
      const answer = baseline ? await updateType(baseline.id, body) : await createType(body);
      setFieldErrors({});
      setTypeErrors({});
      queryClient.setQueryData(typeKey(answer.data.id), answer.data);
      void queryClient.invalidateQueries({ queryKey: [ENTITY_TYPES_QUERY_KEY], predicate: (q) => q.queryKey[1] !== 'one' });
      notifications.show({ color: 'green', message: answer.message || 'Updated Successfully' });
      onSaved(answer.data);
      return true;
    } catch (error) {
      setDraft(preSave);
      if (isSignedOut(error)) return false;
      const fieldMessages = error instanceof ApiError ? error.fieldErrors : {};
      setFieldErrors(fieldErrorsByKey(body.fields ?? [], fieldMessages, fieldKey));
      setTypeErrors(Object.fromEntries(Object.entries(fieldMessages).filter(([key]) => !key.startsWith('fields.'))));
      const message = error instanceof Error ? error.message : String(error);
      const lines = [...new Set(Object.values(fieldMessages).flat())].filter((line) => line !== message);
      showFailure(message, lines.length > 0 ? lines : [SAVE_FAILED_TITLE]);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, fieldErrors, typeErrors };
}
