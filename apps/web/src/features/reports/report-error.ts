import { ApiError } from '../../api/index.ts';

/** The message of a report or print that failed (spec 01 §7), for the list's reports and the record's print. */
export const reportErrorText = (error: unknown) =>
  `An error occurred while preparing the report: ${error instanceof ApiError || error instanceof Error ? error.message : String(error)}`;
