import { ActionIcon, Alert, Anchor, Button, Group, List, Menu, Stack, Stepper, Text } from '@mantine/core';
import { IconChevronDown, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { FieldDefinition } from '@turnout/shared';
import { type ReactNode, useCallback, useMemo } from 'react';
import '../../../fields/index.ts';
import './record-field-slots.tsx';
import type { FieldMode, FieldRecordContext, FieldUser } from '../../../fields/index.ts';
import { pageLabelOf, stepPage } from '../model/form-model.ts';
import type { RecordData } from '../record-api.ts';
import classes from './DynamicForm.module.css';
import { FieldSlot } from './FieldSlot.tsx';
import { type RecordFormContextValue, RecordFormProvider } from './record-form-context.tsx';
import type { FormState } from './use-form-state.ts';

export interface DynamicFormProps {
  state: FormState;
  typeName: string;
  typeLabel: string;
  /** The saved record (null while adding). */
  saved: RecordData | null;
  page: number;
  onPage(page: number): void;
  /** Quick-add: only fields flagged quickAddField, on one page. */
  quickAdd?: boolean;
  /** Print: every visible page at once, read-only. */
  print?: boolean;
  applyRecord(record: RecordData): void;
  saveFirst(): Promise<RecordData | null>;
  formats?: { dateFormat: string; timeFormat: string; timeZone: string };
  /** Who fills in the form (terms stamps, lockedToCreator, global-admin-only controls). */
  user?: FieldUser;
  /** Saves at once with these values merged in (approval-required's partial payload). */
  saveValues?(values: Record<string, unknown>): Promise<unknown>;
  /** Loads the record again (after a random pull changed it on the server). */
  reload?(): void;
  /** General errors (not about one field), shown in a red banner. */
  banner?: ReactNode;
}

const refsOf = (field: FieldDefinition): string[] => {
  const list = field.params?.fieldList;
  return Array.isArray(list) ? list.map((r) => (r && typeof r === 'object' ? String((r as { id?: unknown }).id ?? '') : String(r))) : [];
};

/**
 * The multi-page dynamic form (spec 02 §2): labelled steps for the visible pages, the fields of
 * the current page in 1, 2 or 3 columns (column-break fields start the next column), the error
 * panel grouped by page, and previous/next chevrons that skip hidden pages.
 */
export function DynamicForm(props: DynamicFormProps) {
  const { state, saved, page, onPage, quickAdd = false, print = false } = props;
  const type = state.type;

  // Container children by reference (field id, offline_id or property).
  const { childrenByContainer, childProperties, byRef } = useMemo(() => {
    const byRef = new Map<string, FieldDefinition>();
    type.fields.forEach((f, i) => {
      const def = state.defs.find((d) => d.property === f.field_data.property);
      if (!def) return;
      for (const ref of [f.id, f.offline_id, f.field_data.property]) if (ref) byRef.set(String(ref), def);
      void i;
    });
    const children = new Map<string, FieldDefinition[]>();
    const all = new Set<string>();
    for (const def of state.defs) {
      const refs = refsOf(def);
      if (refs.length === 0) continue;
      const list = refs.map((r) => byRef.get(r)).filter((d): d is FieldDefinition => Boolean(d) && d?.property !== def.property);
      children.set(def.property, list);
      for (const c of list) all.add(c.property);
    }
    return { childrenByContainer: children, childProperties: all, byRef };
  }, [type.fields, state.defs]);

  const fieldMode: FieldMode = print ? 'print' : state.mode;
  const renderField = useCallback((field: FieldDefinition) => <FieldSlot key={field.property} field={field} />, []);
  const { isVisible } = state;
  const renderFields = useCallback(
    (fieldList: readonly string[], options: { layout: 'row' | 'stack' }) => {
      const children = fieldList
        .map((ref) => byRef.get(String(ref)))
        .filter((d): d is FieldDefinition => Boolean(d) && isVisible(d as FieldDefinition));
      return <div className={options.layout === 'row' ? classes.row : classes.column}>{children.map((child) => renderField(child))}</div>;
    },
    [byRef, isVisible, renderField],
  );
  const record: FieldRecordContext = useMemo(
    () => ({
      entityId: saved?.id,
      typeName: props.typeName,
      typeLabel: props.typeLabel,
      values: state.values,
      setValue: state.setValue,
      dateFormat: props.formats?.dateFormat ?? 'DATE_SHORT',
      timeFormat: props.formats?.timeFormat ?? 'TIME_WITH_SECONDS',
      timeZone: props.formats?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      optionFilters: state.effects.filters,
      user: props.user,
      renderFields,
      save: props.saveValues,
      reload: props.reload,
    }),
    [
      saved?.id,
      props.typeName,
      props.typeLabel,
      state.values,
      state.setValue,
      props.formats,
      state.effects.filters,
      props.user,
      renderFields,
      props.saveValues,
      props.reload,
    ],
  );
  const childrenOf = useCallback((field: FieldDefinition) => childrenByContainer.get(field.property) ?? [], [childrenByContainer]);
  const context: RecordFormContextValue = {
    state,
    record,
    saved,
    fieldMode,
    renderField,
    childrenOf,
    applyRecord: props.applyRecord,
    saveFirst: props.saveFirst,
  };

  const topLevel = (p: number | null) =>
    state.defs.filter(
      (f) =>
        !childProperties.has(f.property) &&
        state.isVisible(f) &&
        (p === null || (f.page ?? 1) === p) &&
        (!quickAdd || f.flags?.quickAddField === true || f.type === 'column-break'),
    );
  const columns = Math.min(3, Math.max(1, Number(type.object_data.columns) || 1));
  const renderPage = (fields: FieldDefinition[]) => {
    const segments: FieldDefinition[][] = [[]];
    for (const f of fields) {
      if (f.type === 'column-break') segments.push([]);
      else segments.at(-1)?.push(f);
    }
    if (columns === 1) return <div className={classes.single}>{segments.flat().map((f) => renderField(f))}</div>;
    if (segments.length === 1)
      return (
        <div className={classes.multi} data-columns={columns}>
          {fields.map((f) => renderField(f))}
        </div>
      );
    return (
      <div className={classes.multi} data-columns={columns}>
        {segments.map((segment, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
          <div key={i} className={classes.column}>
            {segment.map((f) => renderField(f))}
          </div>
        ))}
      </div>
    );
  };

  const current = state.pages.includes(page) ? page : (state.pages[0] ?? 1);
  const previous = stepPage(state.pages, current, -1);
  const next = stepPage(state.pages, current, 1);
  const showPanel = (state.attempted || Object.keys(state.serverErrors).length > 0) && state.pageErrors.length > 0;

  return (
    <RecordFormProvider value={context}>
      <Stack gap="md" className={classes.form}>
        {props.banner}
        {showPanel ? (
          <Alert color="red" title="Please correct these errors" role="alert">
            <Stack gap="xs">
              {state.pageErrors.map((group) => (
                <div key={group.page}>
                  <Anchor component="button" type="button" fw={600} fz="sm" onClick={() => onPage(group.page)}>
                    {group.label}
                  </Anchor>
                  <List size="sm" spacing={2}>
                    {group.items.map((item) => (
                      <List.Item key={item.property}>
                        {item.title}: {item.message}
                      </List.Item>
                    ))}
                  </List>
                </div>
              ))}
            </Stack>
          </Alert>
        ) : null}
        {quickAdd ? (
          renderPage(topLevel(null))
        ) : print ? (
          state.pages.map((p) => (
            <Stack key={p} gap="sm">
              <Text fw={700}>{pageLabelOf(type, p)}</Text>
              {renderPage(topLevel(p))}
            </Stack>
          ))
        ) : (
          <>
            {state.pages.length > 1 ? (
              <PageStepIndicator
                pages={state.pages}
                current={current}
                label={(p) => pageLabelOf(type, p)}
                withErrors={(p) => state.pageErrors.some((g) => g.page === p)}
                onPage={onPage}
              />
            ) : null}
            {state.pages.length > 1 ? (
              <Group gap="xs" wrap="nowrap" align="center" visibleFrom="md">
                <ActionIcon
                  variant="subtle"
                  aria-label="Previous page"
                  disabled={previous === null}
                  onClick={() => previous !== null && onPage(previous)}
                >
                  <IconChevronLeft size={18} />
                </ActionIcon>
                <Stepper
                  active={state.pages.indexOf(current)}
                  onStepClick={(index) => onPage(state.pages[index] ?? current)}
                  size="xs"
                  style={{ flex: 1 }}
                  aria-label="Form pages"
                >
                  {state.pages.map((p) => (
                    <Stepper.Step
                      key={p}
                      label={pageLabelOf(type, p)}
                      color={state.pageErrors.some((g) => g.page === p) ? 'red' : undefined}
                      allowStepSelect
                    />
                  ))}
                </Stepper>
                <ActionIcon variant="subtle" aria-label="Next page" disabled={next === null} onClick={() => next !== null && onPage(next)}>
                  <IconChevronRight size={18} />
                </ActionIcon>
              </Group>
            ) : null}
            <section aria-label={pageLabelOf(type, current)}>{renderPage(topLevel(current))}</section>
          </>
        )}
      </Stack>
    </RecordFormProvider>
  );
}

interface PageStepIndicatorProps {
  pages: readonly number[];
  current: number;
  label(page: number): string;
  withErrors(page: number): boolean;
  onPage(page: number): void;
}

/**
 * Below 992 px, where the steps would not fit: one line, 'Page 2 of 4 · {page label}', that
 * opens the menu of pages (issue 20). The page chevrons sit in the bottom action bar there.
 */
function PageStepIndicator({ pages, current, label, withErrors, onPage }: PageStepIndicatorProps) {
  const index = pages.indexOf(current);
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          hiddenFrom="md"
          variant="default"
          size="md"
          justify="space-between"
          fullWidth
          rightSection={<IconChevronDown size={18} aria-hidden />}
          data-testid="page-step-indicator"
        >
          <Text span fw={600} fz="sm">
            Page {index + 1} of {pages.length}
          </Text>
          <Text span fz="sm" c="dimmed" ml={6} truncate>
            · {label(current)}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {pages.map((p) => (
          <Menu.Item
            key={p}
            onClick={() => onPage(p)}
            aria-current={p === current ? 'page' : undefined}
            fw={p === current ? 700 : undefined}
            color={withErrors(p) ? 'red' : undefined}
            mih={44}
          >
            {label(p)}
            {withErrors(p) ? ' *' : ''}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
