import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRANTING_ACTIONS, PERMISSION_LEVELS, type PermissionDocument, type PermissionEntry } from './model.ts';
import { allows, resolvePermission } from './resolve.ts';

const doc = (levels: Partial<Record<(typeof PERMISSION_LEVELS)[number], PermissionEntry>>): PermissionDocument =>
  Object.fromEntries(Object.entries(levels).map(([level, entry]) => [level, { incident_report: entry }]));

describe('permission resolution', () => {
  const cases: [string, PermissionDocument, boolean, string | null, string | null][] = [
    ['nothing set: denied', {}, false, null, null],
    ['system grants', doc({ system: { create: true } }), true, 'system', null],
    ['tenant overrides system', doc({ system: { create: true }, tenant: { create: false } }), false, 'tenant', null],
    ['role overrides tenant', doc({ tenant: { create: false }, role: { create: true } }), true, 'role', null],
    ['personnel overrides role', doc({ role: { create: true }, personnel: { create: false } }), false, 'personnel', null],
    ['null inherits', doc({ system: { create: true }, tenant: { create: null }, role: { create: null } }), true, 'system', null],
    ['another action says nothing', doc({ system: { create: true }, role: { view: false } }), true, 'system', null],
    [
      'lock at tenant keeps role and personnel out',
      doc({ tenant: { create: false, lock_children: true }, role: { create: true }, personnel: { create: true } }),
      false,
      'tenant',
      'tenant',
    ],
    [
      'lock at system with a grant',
      doc({ system: { create: true, lock_children: true }, tenant: { create: false } }),
      true,
      'system',
      'system',
    ],
    [
      'lock without a value keeps what is above it',
      doc({ system: { create: true }, tenant: { lock_children: true }, role: { create: false } }),
      true,
      'system',
      'tenant',
    ],
    ['lock with nothing above: denied', doc({ role: { lock_children: true }, personnel: { create: true } }), false, null, 'role'],
    [
      'lock at personnel changes nothing above',
      doc({ role: { create: true }, personnel: { lock_children: true } }),
      true,
      'role',
      'personnel',
    ],
    [
      'lock_children false is no lock',
      doc({ tenant: { create: false, lock_children: false }, role: { create: true } }),
      true,
      'role',
      null,
    ],
  ];

  it.each(cases)('%s', (_name, document, allowed, from, lockedAt) => {
    expect(resolvePermission(document, 'incident_report', 'create')).toEqual({ allowed, from, lockedAt });
  });

  it('looks only at the key asked about', () => {
    const document: PermissionDocument = { system: { apparatus: { view: true } } };
    expect(resolvePermission(document, 'incident_report', 'view').allowed).toBe(false);
    expect(resolvePermission(document, 'apparatus', 'view').allowed).toBe(true);
  });

  it('allows global admins everything and tenant admins all but vendor-only', () => {
    expect(allows({ isGlobalAdmin: true, isTenantAdmin: false }, {}, 'x', 'delete', true)).toBe(true);
    expect(allows({ isGlobalAdmin: false, isTenantAdmin: true }, {}, 'x', 'delete')).toBe(true);
    expect(allows({ isGlobalAdmin: false, isTenantAdmin: true }, {}, 'show_deleted', 'view', true)).toBe(false);
    expect(allows({ isGlobalAdmin: false, isTenantAdmin: false }, {}, 'x', 'view')).toBe(false);
  });
});

describe('permission resolution (properties)', () => {
  const value = fc.constantFrom(true, false, null, undefined);
  const entry = fc.record(
    { create: value, update: value, delete: value, view: value, reassign: value, lock_children: value },
    { requiredKeys: [] },
  );
  const level = fc.dictionary(
    fc.constantFrom('incident_report', 'apparatus', 'modify_entity_types'),
    entry as fc.Arbitrary<PermissionEntry>,
    { maxKeys: 3 },
  );
  const document = fc.record(
    { system: level, tenant: level, role: level, personnel: level },
    { requiredKeys: [] },
  ) as fc.Arbitrary<PermissionDocument>;
  const key = fc.constantFrom('incident_report', 'apparatus', 'modify_entity_types', 'hydrant');
  const action = fc.constantFrom(...GRANTING_ACTIONS);

  it('never grants what no level grants', () => {
    fc.assert(
      fc.property(document, key, action, (d, k, a) => {
        const granted = PERMISSION_LEVELS.some((l) => d[l]?.[k]?.[a] === true);
        if (!granted) expect(resolvePermission(d, k, a).allowed).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('decides by a level no more specific than the first lock', () => {
    fc.assert(
      fc.property(document, key, action, (d, k, a) => {
        const result = resolvePermission(d, k, a);
        const lock = PERMISSION_LEVELS.findIndex((l) => d[l]?.[k]?.lock_children === true);
        if (lock >= 0 && result.from) expect(PERMISSION_LEVELS.indexOf(result.from)).toBeLessThanOrEqual(lock);
        if (result.from) expect(d[result.from]?.[k]?.[a]).toBe(result.allowed);
      }),
      { numRuns: 2000 },
    );
  });

  it('with no lock, the most specific level that sets a value wins', () => {
    fc.assert(
      fc.property(document, key, action, (d, k, a) => {
        if (PERMISSION_LEVELS.some((l) => d[l]?.[k]?.lock_children === true)) return;
        const setting = [...PERMISSION_LEVELS].reverse().find((l) => typeof d[l]?.[k]?.[a] === 'boolean');
        expect(resolvePermission(d, k, a).allowed).toBe(setting ? d[setting]?.[k]?.[a] === true : false);
      }),
      { numRuns: 2000 },
    );
  });
});
