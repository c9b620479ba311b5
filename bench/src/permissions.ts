/**
 * Permission resolution for a document of 200 entity types × 30 roles (issue 4: under 1 ms
 * per check). Pure function, no server: resolves every (key, action) of one context and
 * reports the time per check, next to a baseline that only looks the value up.
 */
import { GRANTING_ACTIONS, type PermissionDocument, type PermissionLevel, resolvePermission } from '@turnout/shared';
import { fmt, summarise } from './stats.ts';

const TYPES = 200;
const ROLES = 30;

function level(seed: number, density: number): PermissionLevel {
  const result: PermissionLevel = {};
  for (let t = 0; t < TYPES; t++) {
    if ((t * 7919 + seed) % 100 >= density) continue;
    result[`type_${t}`] = {
      create: (t + seed) % 3 === 0,
      view: true,
      update: (t + seed) % 2 === 0 ? null : false,
      lock_children: (t + seed) % 17 === 0,
    };
  }
  return result;
}

export function permissionBench(): string {
  // A tenant with 30 role levels and personnel overrides; one context picks role 17.
  const roles = Array.from({ length: ROLES }, (_, r) => level(r + 100, 60));
  const document: PermissionDocument = { system: level(1, 90), tenant: level(2, 50), role: roles[17], personnel: level(3, 10) };
  const keys = Array.from({ length: TYPES }, (_, t) => `type_${t}`);
  const checks = keys.length * GRANTING_ACTIONS.length;
  const rounds: number[] = [];
  const baseline: number[] = [];
  let sink = 0;
  for (let round = 0; round < 200; round++) {
    let start = performance.now();
    for (const key of keys) for (const action of GRANTING_ACTIONS) sink += resolvePermission(document, key, action).allowed ? 1 : 0;
    rounds.push((performance.now() - start) / checks);
    start = performance.now();
    for (const key of keys) for (const action of GRANTING_ACTIONS) sink += document.personnel?.[key]?.[action] === true ? 1 : 0;
    baseline.push((performance.now() - start) / checks);
  }
  const r = summarise(rounds.slice(20));
  const b = summarise(baseline.slice(20));
  if (sink < 0) console.log(sink);
  return [
    `Document of ${TYPES} entity types × ${ROLES} roles (four levels, lock_children on some keys); ${checks} checks per round, 180 rounds after 20 warm-up rounds.`,
    '',
    '| scenario | median µs per check | p99 µs per check | baseline (one object look-up) median µs | ratio |',
    '|---|---:|---:|---:|---:|',
    `| resolvePermission | ${fmt(r.median * 1000)} | ${fmt(r.p99 * 1000)} | ${fmt(b.median * 1000)} | ${(r.median / b.median).toFixed(1)}× |`,
  ].join('\n');
}
