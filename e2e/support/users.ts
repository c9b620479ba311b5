/**
 * The demo accounts (seeded with DEMO=on) and which tests may use them. All tests share one
 * server and run two at a time, so an account whose state a test changes belongs to that test
 * alone. Every demo password is DEMO_PASSWORD (the server's default DEMO_PASSWORD).
 *
 * | account                       | used by                                   | what the test changes                        |
 * |-------------------------------|-------------------------------------------|----------------------------------------------|
 * | admin@turnout.example         | switcher, Manage Logins, disabled tenant, | its own sessions' acting context only; never |
 * |                               | settings, sign-in-as, sensitive actions,  | disabled, no MFA, password never changed.    |
 * |                               | Manage Permissions, Permissions Editor,   | Permissions: see below. Entity types: see    |
 * |                               | entity types                              | below. Calendar: a recurring event 'Tenant   |
 * |                               | and the calendar's tenant picker (tests/  | pick {Date.now()}' in Riverside, deleted at  |
 * |                               | calendar; reads Lakeside under            | the end; another session acts in Lakeside    |
 * |                               | LAKESIDE_SIGN_IN_LOCK)                    | (under the lock) to read its list            |
 * | firefighter@riverside.example | sign-in and sign-out, wrong password,     | nothing (one wrong password: far below the   |
 * |                               | shell, access checks, sign-in-as target,  | lock-out of 5); its permissions change with  |
 * |                               | permissions (reads its effective ones),   | the Firefighter role's: see below. fields:   |
 * |                               | fields (file upload, PDF viewer), NERIS   | adds files named with Date.now() to Riverside|
 * |                               | (tests/neris.spec.ts)                     | and NERIS Incident records E2E-{Date.now()}  |
 * | captain@riverside.example     | MFA enrolment only                        | enrols MFA: from then on sign-in needs codes |
 * | chief@riverside.example       | password reset only                       | its password                                 |
 * | chief@lakeside.example        | disabled tenant only                      | Lakeside sign-in is off during that test     |
 * |                               | and My Department (tests/my-department,   | Lakeside's colour and time format during that|
 * |                               | under LAKESIDE_SIGN_IN_LOCK)              | test; put back in its finally                |
 * |                               | and documents (another department's 404s, | nothing                                      |
 * |                               | under LAKESIDE_SIGN_IN_LOCK)              |                                              |
 * | lieutenant@station1.example   | notifications only (Riverside Lieutenant) | records it watches, its notifications' read  |
 * | engineer@station1.example     | notifications only (Riverside Engineer)   | apparatus records it creates and edits       |
 * | pump.engineer@station2.example| entity list, tasks (role Engineer; the    | Riverside Engineer role's hydrant create is  |
 * |                               | other Engineer only edits apparatus)      | denied in one test, restored in its finally; |
 * |                               |                                           | creates Station Task records of its own      |
 * | robin.records@e2e.example     | record screen (tests/record*.spec.ts)     | adds, edits, deletes its own records; adds   |
 * |                               | (and the firefighter, through the API, to | types named 'Record Test {Date.now()}'; the  |
 * |                               | change a record of such a type)           | firefighter's change waits for approval      |
 * |                               | and imports (tests/imports.spec.ts)       | imports: 'Import Test {Date.now()}' types and|
 * |                               |                                           | their records                                |
 * |                               | calendar and shift schedule (tests/       | department shifts and recurring events named |
 * |                               | calendar, shift-schedule, accessibility)  | with Date.now()                              |
 * |                               | and accessibility's screens (tests/       | 'A11y Test {Date.now()}' types (one public,  |
 * |                               | accessibility)                            | one with an import test run), 'A11y task …'  |
 * |                               |                                           | station tasks, PDFs in its My Documents, a   |
 * |                               |                                           | conversation with Olive, and a new kiosk key |
 * |                               |                                           | for the demo activity feed (old one stops)   |
 * |                               | and tap targets (tests/tap-targets.spec;  | a type 'Record Test Taps {Date.now()}' that  |
 * |                               | the firefighter then opens its form)      | the firefighter opens without saving         |
 * | dana.dispatch@e2e.example     | conversations only (Riverside Lieutenant) | conversations with Sam and their messages    |
 * | sam.squad@e2e.example         | conversations only (Riverside Firefighter)| the same conversations, read state           |
 * | olive.offline@e2e.example     | offline use only (tests/offline-queue,    | adds types named 'Offline Test {Date.now()}' |
 * |                               | Riverside Tenant Admin; and the           | and their records; its queue and drafts live |
 * |                               | firefighter, through the API, to change a | in the test's own browser context only.      |
 * |                               | record of such a type)                    | A conversation that Robin starts reaches it  |
 * |                               |                                           | (tests/accessibility): no test reads its     |
 * |                               |                                           | messages or notifications                    |
 *
 * The station, records and offline accounts carry no 'riverside' in their email or name, so searches for
 * 'riverside' (Manage Logins) still find the three accounts above only.
 *
 * Nobody else may sign in as the captain, the Riverside chief or the Lakeside chief, and no
 * test may disable Riverside or a user other tests sign in as.
 *
 * Permissions are shared by everyone of a tenant and role. Only tests/permissions.spec.ts saves
 * any, and only 'notice' create of the Firefighter (Tenant User) role in Riverside: it is denied
 * during that one test (so the firefighter may not create notices then) and restored in its
 * `finally`. No other test may rely on the firefighter's notice permissions, nor save
 * permissions of Riverside's Firefighter role, of Riverside or of the system defaults. Other
 * permission tests change cells on screen and revert them without saving.
 *
 * Entity types: tests/entity-types.spec.ts, as the admin, points one of its own sessions at
 * Riverside and then at Lakeside (POST /user/select-tenant on that session's token only) and
 * creates types whose label and identifier carry Date.now() ('Hose Test 1763…'), one in each
 * tenant. It never changes, reorders or deletes the demo types (Incident Report, Apparatus, …),
 * so other tests may rely on them as seeded. Creating a type grants view, create and update on
 * it at its tenant's level: no existing permission entry changes.
 *
 * Switching Lakeside's sign-in off ends every session acting in Lakeside, a global admin's too.
 * So the disabled-tenant test and any test whose session acts in Lakeside hold the
 * LAKESIDE_SIGN_IN_LOCK (support/locks.ts) meanwhile; they never overlap.
 */
export const DEMO_PASSWORD = 'turnout-demo-2026';

export const USERS = {
  admin: { email: 'admin@turnout.example', name: 'Avery Admin' },
  firefighter: { email: 'firefighter@riverside.example', name: 'Frankie Firefighter' },
  captain: { email: 'captain@riverside.example', name: 'Casey Captain' },
  riversideChief: { email: 'chief@riverside.example', name: 'Riley Chief' },
  lakesideChief: { email: 'chief@lakeside.example', name: 'Lee Chief' },
  lieutenant: { email: 'lieutenant@station1.example', name: 'Logan Lieutenant' },
  notifyEngineer: { email: 'engineer@station1.example', name: 'Emery Engineer' },
  engineer: { email: 'pump.engineer@station2.example', name: 'Parker Pump' },
  records: { email: 'robin.records@e2e.example', name: 'Robin Records' },
  dispatcher: { email: 'dana.dispatch@e2e.example', name: 'Dana Dispatch' },
  squad: { email: 'sam.squad@e2e.example', name: 'Sam Squad' },
  offline: { email: 'olive.offline@e2e.example', name: 'Olive Offline' },
} as const;

export const TENANTS = {
  riverside: 'Riverside Fire Department',
  lakeside: 'Lakeside Fire District',
} as const;
