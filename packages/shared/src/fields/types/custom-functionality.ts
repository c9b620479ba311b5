import { type XmlImporterConfig, xmlImporterErrors } from '../../imports/xml-importer.ts';
import { isRecord, type JsonValue, jsonValue } from '../checks-rich.ts';
import type { FieldType } from '../types.ts';

/**
 * custom-functionality: what params.customFunctionalityType (activation-status,
 * random-entity-pull, xml-field-mapper, bib-view-report, timesheet-punch-card) keeps, as any JSON
 * value; each kind reads its own. Text: for activation-status the status when it is text (the
 * value itself or its `status`); '' for the other kinds.
 */
export const customFunctionality: FieldType<JsonValue> = {
  key: 'custom-functionality',
  family: 'input',
  holdsValue: true,
  value: jsonValue,
  defaultParams: { customFunctionalityType: null },
  filterKind: 'none',
  // The XML importer's settings (spec 02 §5); its record always belongs to a department.
  validate: (value, field) =>
    field.params?.customFunctionalityType === 'xml-field-mapper' && isRecord(value)
      ? Object.values(xmlImporterErrors(value as XmlImporterConfig, { hasTenant: true })).flat()
      : [],
  toText: (value, field) => {
    if (field.params?.customFunctionalityType !== 'activation-status') return '';
    const status = isRecord(value) ? value.status : value;
    return typeof status === 'string' ? status : '';
  },
};
