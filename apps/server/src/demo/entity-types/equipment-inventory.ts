import { type DemoTypeInput, field, numbered, options, transitions } from './build.ts';

export const EQUIPMENT_CATEGORIES = ['Hose', 'Nozzles & Appliances', 'SCBA', 'PPE', 'Medical', 'Rescue Tools', 'Hand Tools', 'Electronics'];
export const STORAGE_LOCATIONS = ['Station 1', 'Station 2', 'Station 3', 'Supply Room'];

/** What the department owns, how many, and where it is kept (a station, or a truck typed in). */
export function equipmentInventory(): DemoTypeInput {
  return {
    name: 'equipment_inventory',
    label: 'Equipment Inventory',
    object_data: { icon: 'package', page_labels: ['Item'] },
    fields: numbered([
      field('item', 'Item', 'single-text', { required: true, table: true }),
      field('category', 'Category', 'select-list', { required: true, table: true, params: { options: options(EQUIPMENT_CATEGORIES) } }),
      // min 0 is what the department wants; the type editor's save rule (spec 03 §5) drops min and
      // max of a number-entry that is not a range, and createEntityType applies it here too.
      field('quantity', 'Quantity', 'number-entry', { required: true, table: true, validation: { integer: true, min: 0 } }),
      field('location', 'Location', 'select-adhoc', { table: true, params: { options: options(STORAGE_LOCATIONS) } }),
      field('photo', 'Photo', 'single-file', { params: { fileType: 'image' } }),
    ]),
    allowed_transitions: transitions('mark_as_created'),
  };
}
