import type { EntityTypeLite } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { pickableTaskTypes } from './type-picker.ts';

const t = (name: string, label: string, is_task = true) => ({ name, label, is_task }) as EntityTypeLite;
const types = [t('wash', 'Wash Engine'), t('audit', 'Audit Hoses'), t('incident', 'Incident', false), t('secret', 'Secret Task')];
const canCreate = (name: string) => name !== 'secret';

describe('pickableTaskTypes', () => {
  it('lists the task types the user may create, in default order or by label', () => {
    expect(pickableTaskTypes(types, canCreate, '', 'default').map((x) => x.name)).toEqual(['wash', 'audit']);
    expect(pickableTaskTypes(types, canCreate, '', 'a_to_z').map((x) => x.name)).toEqual(['audit', 'wash']);
    expect(pickableTaskTypes(types, canCreate, '', 'z_to_a').map((x) => x.name)).toEqual(['wash', 'audit']);
  });

  it('searches labels', () => {
    expect(pickableTaskTypes(types, canCreate, ' HOSE', 'default').map((x) => x.name)).toEqual(['audit']);
  });
});
