import { describe, expect, it } from 'vitest';
import { cleanEmailPrefix, XML_IMPORTER_MESSAGES, xmlImporterErrors } from './xml-importer.ts';

describe('the XML importer configuration (spec 02 §5)', () => {
  it('keeps only lowercase letters, digits, hyphen and underscore in the email prefix', () => {
    expect(cleanEmailPrefix('Riverside CAD_2026-x!@.')).toBe('riversidecad_2026-x');
  });

  it('requires email, folder, file, entity type, unique key and timezone; the tenant mapping field only without a tenant', () => {
    expect(xmlImporterErrors({}, { hasTenant: true })).toEqual({
      importerEmailPrefix: ['Email is a required field.'],
      importerFolder: ['Folder is a required field.'],
      file: ['File is a required field.'],
      entity_type_id: ['Map Into Entity Type is a required field.'],
      uniqueKey: ['Unique Key is a required field.'],
      timezone: ['Timezone is a required field.'],
    });
    expect(xmlImporterErrors({}, { hasTenant: false }).tenantMappingField).toEqual(['Tenant Mapping Field is a required field.']);
    expect(xmlImporterErrors({ importerEmailPrefix: 'Bad' }, { hasTenant: true }).importerEmailPrefix).toEqual([
      XML_IMPORTER_MESSAGES.emailPrefix,
    ]);
  });

  it('maps a child field only when its parent field is mapped', () => {
    const child = { source: 'crew/name', destination: 'crew.*.name', offline_id: 'a' };
    expect(xmlImporterErrors({ field_map: [child] }, { hasTenant: true })['field_map.0.destination']).toEqual([
      XML_IMPORTER_MESSAGES.childNeedsParent,
    ]);
    const parent = { source: 'crew', destination: 'crew', offline_id: 'b' };
    expect(xmlImporterErrors({ field_map: [child, parent] }, { hasTenant: true })['field_map.0.destination']).toBeUndefined();
  });
});
