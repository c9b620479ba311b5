/** The numbers of spec 01 §9 and 02 §9, named once. */
export const PAGE_SIZE = {
  default: 48,
  shiftSchedule: 192,
  homeLists: 240,
  screenButtonsAndWidgets: 120,
  entitySelector: 120,
  activityFeed: 100,
  asyncSelectStep: 24,
  /** The largest per_page the API accepts. */
  max: 240,
} as const;

export const POLLING_MS = {
  longRunningJob: 3_000,
  importJob: 5_000,
  conversationMessages: 5_000,
  tasksList: 60_000,
  activityFeed: 10_000,
} as const;

export const STALE_RETRIEVAL_MS = 5 * 60_000;
export const PERMISSIONS_REFRESH_MS = 2 * 60_000;

export const DEBOUNCE_MS = {
  listSearch: 500,
  globalSearch: 200,
  selectorDropdown: 300,
} as const;

/** Global search runs once the term is longer than this. */
export const GLOBAL_SEARCH_MIN_EXCLUSIVE = 2;
export const MFA_CODE_LENGTH = 6;
export const LOGO_TAPS = { count: 5, withinMs: 5_000 } as const;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RESET_TOAST_MS = 10_000;
export const GEOLOCATION_TIMEOUT_MS = 5_000;
export const PHOTO_QUALITY = 0.5;
export const DATE_FORMAT = 'yyyy-MM-dd';

export const LAYOUT = {
  sideWidth: 280,
  sideCollapsedWidth: 52,
  topBarHeight: 70,
  navigationDropDownsMinWidth: 1240,
  tileGridBreakpoint: 1024,
  tileMinWidthBreakpoints: [1280, 1600] as const,
  tileMinWidths: [220, 300, 400] as const,
  gridColumnWidth: 140,
} as const;

export const TEXT_MAX_LENGTH = 255;
export const LONG_TEXT_MAX_LENGTH = 65_536;

// Plain values of the contract the app's shell uses, kept out of the schema modules so importing
// them does not build zod schemas (decision 0039).

/** Server-Sent Events of conversations (GET /api/events). */
export const CONVERSATION_EVENTS = { message: 'message', conversationRead: 'conversation_read' } as const;

/** The most ids one POST /notifications/batch-read takes. */
export const NOTIFICATION_BATCH_MAX = 500;
