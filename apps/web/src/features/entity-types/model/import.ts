import { type EntityTypeInput, entityTypeInput } from '@turnout/shared';

/** Import as a new type, or as an update of the type of the same name (spec 03 §2). */
export type ImportMode = 'new' | 'update';

/** The import toast (spec 03 §8) stays 10 s. */
export const IMPORT_TOAST_MS = 10_000;
export const SKIP_TYPE_CHECKS = 'Skip Type Checks and Try Again';

export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}

/** An exported document read from its file; anything else is refused before it is sent. */
export function parseImportDocument(text: string): EntityTypeInput {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ImportFileError('The file is not JSON.');
  }
  const parsed = entityTypeInput.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ImportFileError(
      `The file is not an entity type export${first ? ` (${first.path.join('.') || 'document'}: ${first.message})` : ''}.`,
    );
  }
  return raw as EntityTypeInput;
}

/** The body of POST /entity-type for an import. */
export function importBody(document: EntityTypeInput, mode: ImportMode, skipTypeChecks: boolean): EntityTypeInput {
  return { ...document, importArgs: { mode, ...(skipTypeChecks ? { skipTypeChecks: true } : {}) } };
}

/** The missing type of a 422 (spec 03 §8: "Entity type '{x}' not found (Import type '{x}' first.)"), if that is the trouble. */
export function missingTypeOf(message: string, errors: Record<string, string[]>): string | null {
  const pattern = /^Entity type '(.+)' not found \(Import type '.+' first\.\)$/;
  const found = [message, ...Object.values(errors).flat()].map((m) => pattern.exec(m)?.[1]).find(Boolean);
  return found ?? null;
}

/** 'An error occurred: {message}' followed by one line per field problem (spec 03 §8), each message once. */
export function importFailureLines(message: string, errors: Record<string, string[]>): string[] {
  const lines = [...new Set(Object.values(errors).flat())].filter((line) => line !== message);
  return [`An error occurred: ${message}`, ...lines];
}
