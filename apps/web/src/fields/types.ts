import type { FieldDefinition } from '@turnout/shared';
import type { ComponentType, ReactNode } from 'react';

/**
 * The web half of the field-type registry (DESIGN.md 'One field-type registry, two halves').
 * `packages/shared/src/fields/types/<type>.ts` says what a value is and how it validates;
 * `apps/web/src/fields/<type>.tsx` adds how it is edited and shown.
 */

/** add, edit and view are the record modes of spec 02 §4; print is the printable rendering. */
export type FieldMode = 'add' | 'edit' | 'view' | 'print';

/** What the form knows about the record a field sits in. */
export interface FieldRecordContext {
  /** The record's id once saved; undefined in add mode. */
  entityId?: string;
  /** The entity type's name and label. */
  typeName: string;
  typeLabel: string;
  /** Every current value of the record, keyed by property (for computed fields and links). */
  values: Record<string, unknown>;
  /** Sets another property of the record (setPropertyClient effects, linked fields). */
  setValue(property: string, value: unknown): void;
  /** Tenant formats (spec 01 §9): Luxon preset names. */
  dateFormat: string;
  timeFormat: string;
  timeZone: string;
  /** The signed-in user (terms stamps, lockedToCreator, global-admin-only controls); absent on public forms and the showcase. */
  user?: FieldUser;
  /**
   * Renders the child fields a container lists in params.fieldList (ids or offline_ids), each
   * with its editor, in the container's place. Containers call it; without it they show no children.
   */
  renderFields?(fieldList: readonly string[], options: { layout: 'row' | 'stack' }): ReactNode;
  /** Saves the record now with these values merged in (approval-required, spec 02 §7 'partial payload'). */
  save?(values: Record<string, unknown>): Promise<unknown>;
  /** Loads the record again from the server (after a random pull changed it). */
  reload?(): void;
}

/** Who is filling in the form. */
export interface FieldUser {
  id: string;
  /** The personnel record of the acting tenant, when there is one. */
  personnelId?: string;
  /** The personnel (or user) display name. */
  name: string;
  isGlobalAdmin: boolean;
  role?: string;
  /** setFilterClient effects: selector property → JSON-logic rule each option must satisfy. */
  optionFilters?: Record<string, unknown>;
}

export interface FieldEditorProps<V = unknown> {
  field: FieldDefinition;
  value: V | null | undefined;
  onChange(value: V | null): void;
  /** Messages for this field (client and server), shown joined with commas under it. */
  error?: string;
  /** False in view mode, for readonly fields, and when modifiable_by excludes the acting role. */
  editable: boolean;
  /** The required marker shows only when editable (spec 01 §5). */
  required: boolean;
  mode: FieldMode;
  record: FieldRecordContext;
  /**
   * The id the form's label points at (`<label for>`): an editor puts it on its main input so the
   * field's title names it. Unset for `ownLabel` editors, which label themselves.
   */
  inputId?: string;
}

export interface FieldDisplayProps<V = unknown> {
  field: FieldDefinition;
  value: V | null | undefined;
  record: FieldRecordContext;
}

export interface FieldComponents<V = unknown> {
  /** The type key stored in field_data.type. */
  key: string;
  Editor: ComponentType<FieldEditorProps<V>>;
  /** Read-only rendering (view mode, lists' detail panes, print). Defaults to the shared toText. */
  Display?: ComponentType<FieldDisplayProps<V>>;
  /**
   * The editor draws its own label (headings, containers, terms); the form adds none. Every
   * editor in this folder draws its label, required marker and errors (common/FieldShell), so
   * each sets it.
   */
  ownLabel?: boolean;
}
