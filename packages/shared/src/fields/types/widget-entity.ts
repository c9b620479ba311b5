import { valueless } from '../checks-rich.ts';

/** widget-entity: the records a widget shows for this record (params widgetSource, entityTypeTarget); the record must be saved first. Holds no value of its own. */
export const widgetEntity = valueless('widget-entity', 'input', {});
