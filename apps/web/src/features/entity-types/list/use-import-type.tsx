import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { EntityTypeInput } from '@turnout/shared';
import { ApiError, isSignedOut } from '../../../api/index.ts';
import { ENTITY_TYPES_QUERY_KEY, importType } from '../entity-types-api.ts';
import {
  IMPORT_TOAST_MS,
  ImportFileError,
  type ImportMode,
  importBody,
  importFailureLines,
  missingTypeOf,
  parseImportDocument,
  SKIP_TYPE_CHECKS,
} from '../model/import.ts';

let importCount = 0;

/**
 * Importing a type from its JSON file (spec 03 §2, §8): as new, or as an update of the type of
 * the same name. The toast says 'Entity type added successfully' or 'Entity type updated
 * successfully.'; on failure 'An error occurred: {message}' with one line per field problem, and
 * when a linked type is missing it offers 'Skip Type Checks and Try Again'. It shows for 10 s.
 */
export function useImportType() {
  const queryClient = useQueryClient();

  const send = async (document: EntityTypeInput, mode: ImportMode, skipTypeChecks: boolean): Promise<void> => {
    importCount += 1;
    const id = `entity-type-import-${importCount}`;
    notifications.show({ id, loading: true, message: `Importing '${document.label}'…`, autoClose: false, withCloseButton: false });
    try {
      const answer = await importType(importBody(document, mode, skipTypeChecks));
      notifications.update({
        id,
        loading: false,
        color: 'green',
        message: answer.message,
        autoClose: IMPORT_TOAST_MS,
        withCloseButton: true,
      });
      await queryClient.invalidateQueries({ queryKey: [ENTITY_TYPES_QUERY_KEY] });
    } catch (error) {
      if (isSignedOut(error)) {
        notifications.hide(id);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const [first, ...lines] = importFailureLines(message, fieldErrors);
      const missing = skipTypeChecks ? null : missingTypeOf(message, fieldErrors);
      notifications.update({
        id,
        loading: false,
        color: 'red',
        title: first,
        autoClose: IMPORT_TOAST_MS,
        withCloseButton: true,
        message: (
          <Stack gap={6} align="flex-start" data-testid="import-failure">
            {lines.map((line) => (
              <Text key={line} fz="sm">
                {line}
              </Text>
            ))}
            {missing && (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => {
                  notifications.hide(id);
                  void send(document, mode, true);
                }}
              >
                {SKIP_TYPE_CHECKS}
              </Button>
            )}
          </Stack>
        ),
      });
    }
  };

  return async (file: File, mode: ImportMode): Promise<void> => {
    let document: EntityTypeInput;
    try {
      document = parseImportDocument(await file.text());
    } catch (error) {
      const reason = error instanceof ImportFileError ? error.message : 'The file could not be read.';
      notifications.show({ color: 'red', title: `An error occurred: ${reason}`, message: file.name, autoClose: IMPORT_TOAST_MS });
      return;
    }
    await send(document, mode, false);
  };
}
