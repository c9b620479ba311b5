import type { EntityTypeField } from '@turnout/shared';
import { useState } from 'react';
import type { RuleGroupType } from 'react-querybuilder';
import { RuleBuilder } from '../../features/entity-types/common/RuleBuilder.tsx';
import { toQuery } from '../../features/entity-types/model/rules.ts';

interface QueryLogicBuilderProps {
  label: string;
  fields: readonly EntityTypeField[];
  logic: unknown;
  onChange(logic: Record<string, unknown> | null): void;
  disabled: boolean;
}

/** The entity-type editor's rule builder (react-querybuilder), loaded on demand, storing JSON logic. */
export default function QueryLogicBuilder({ label, fields, logic, onChange, disabled }: QueryLogicBuilderProps) {
  const [query, setQuery] = useState<RuleGroupType>(() => toQuery(null, logic));
  return (
    <RuleBuilder
      label={label}
      fields={fields}
      query={query}
      disabled={disabled}
      onChange={(next, json) => {
        setQuery(next);
        onChange(json && typeof json === 'object' ? (json as Record<string, unknown>) : null);
      }}
    />
  );
}
