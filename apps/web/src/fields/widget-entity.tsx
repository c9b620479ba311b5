import { AssociatedRecords } from './common/associated.tsx';
import { defineField } from './common/define.tsx';
import type { FieldEditorProps } from './types.ts';

const WidgetEntity = (props: FieldEditorProps<never>) => <AssociatedRecords {...props} inline />;

/**
 * widget-entity: the records of params.widgetSource (or entityTypeTarget) for this record,
 * listed with the 'View associated records' link; in add mode the spec's notice.
 */
export const widgetEntity = defineField<never>('widget-entity', WidgetEntity, () => null);
