import 'react-querybuilder/dist/query-builder.css';
import { Code, Stack, Text } from '@mantine/core';
import type { EntityTypeField } from '@turnout/shared';
import { useMemo } from 'react';
import { QueryBuilder, type RuleGroupType } from 'react-querybuilder';
import { builderFields, conditionCount, RULE_OPERATORS, toJsonLogic, valueKinds } from '../model/rules.ts';
import classes from './RuleBuilder.module.css';

interface RuleBuilderProps {
  /** What the rule decides, e.g. 'Conditions of Hide signature'. */
  label: string;
  fields: readonly EntityTypeField[];
  query: RuleGroupType;
  /** The builder's query and its JSON logic. */
  onChange: (query: RuleGroupType, logic: unknown) => void;
  disabled?: boolean;
}

const TRANSLATIONS = {
  addRule: { label: '+ Condition', title: 'Add condition' },
  addGroup: { label: '+ Group', title: 'Add group' },
  removeRule: { label: '×', title: 'Remove condition' },
  removeGroup: { label: '×', title: 'Remove group' },
};

/** The rule builder (react-querybuilder) over a type's fields, showing the JSON logic it stores. */
export function RuleBuilder({ label, fields, query, onChange, disabled = false }: RuleBuilderProps) {
  const options = useMemo(() => builderFields(fields), [fields]);
  const kinds = useMemo(() => valueKinds(fields), [fields]);
  const logic = useMemo(() => toJsonLogic(query, kinds), [query, kinds]);
  if (options.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        Add fields that hold a value to write conditions on them. Without conditions the rule is always true.
      </Text>
    );
  }
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <div className={classes.builder}>
        <QueryBuilder
          fields={options}
          operators={RULE_OPERATORS}
          query={query}
          onQueryChange={(next) => onChange(next, toJsonLogic(next, kinds))}
          disabled={disabled}
          translations={TRANSLATIONS}
          controlClassnames={{ queryBuilder: 'queryBuilder-branches' }}
          resetOnFieldChange
          enableMountQueryChange={false}
        />
      </div>
      <Text fz="xs" c="dimmed">
        {conditionCount(query) === 0 ? 'No conditions: always true.' : 'JSON logic: '}
        {conditionCount(query) > 0 && <Code fz="xs">{JSON.stringify(logic)}</Code>}
      </Text>
    </Stack>
  );
}
