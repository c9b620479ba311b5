/**
 * The XML importer's configuration (spec 02 §3 'XML importer configuration', §5): the value of
 * its custom-functionality field of kind xml-field-mapper. Checked the same way by the form and
 * by the server (on save and before an import runs); docs/decisions/0018-imports.md.
 */
export interface XmlFieldMapping {
  /** An XPath relative to the row element ('Unit', '@id', 'Address/City'). */
  source: string;
  /** A field property of the mapped type, or 'parent.*.child' for a field of a child type. */
  destination: string;
  offline_id: string;
}

export interface XmlTenantMapping {
  match: string;
  tenant: string;
  offline_id: string;
}

export interface XmlImporterConfig {
  importerEmailPrefix?: string;
  importerFolder?: string;
  /** The uploaded XML file: { value: file id, path: its url }. */
  file?: { value: string; path: string; name?: string } | null;
  rowXPath?: string;
  /** The type rows are imported into (its id). */
  entity_type_id?: string;
  /** An XPath relative to the row whose text identifies a record across imports. */
  uniqueKey?: string;
  timezone?: string;
  field_map?: XmlFieldMapping[];
  valueToTenantMap?: XmlTenantMapping[];
  tenantMappingField?: string;
  /** Per-child-type unique keys: key_{child type name}. */
  [key: `key_${string}`]: string | undefined;
}

export const XML_IMPORTER_MESSAGES = {
  required: (title: string) => `${title} is a required field.`,
  emailPrefix: 'The email prefix may only hold lowercase letters, digits, hyphens and underscores.',
  childNeedsParent:
    'This field cannot be mapped to a child entity type field unless a parent field is mapped to the entity type. Alternatively, you can connect it to the parent entity type here:',
  tenantReadOnly: 'This importer belongs to a department: every row is imported into it.',
} as const;

/** The form's titles of the required settings. */
export const XML_IMPORTER_TITLES = {
  importerEmailPrefix: 'Email',
  importerFolder: 'Folder',
  file: 'File',
  rowXPath: 'Row XPath',
  entity_type_id: 'Map Into Entity Type',
  uniqueKey: 'Unique Key',
  timezone: 'Timezone',
  tenantMappingField: 'Tenant Mapping Field',
} as const;

/** The email prefix as typed, keeping only lowercase letters, digits, hyphen and underscore (spec 02 §5). */
export const cleanEmailPrefix = (typed: string): string => typed.toLowerCase().replace(/[^a-z0-9_-]/g, '');

/** 'apparatus.*.unit' → { parent: 'apparatus', child: 'unit' }; null for a field of the type itself. */
export function childDestination(destination: string): { parent: string; child: string } | null {
  const m = /^([^.]+)\.\*\.(.+)$/.exec(destination);
  return m ? { parent: m[1]!, child: m[2]! } : null;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Messages by setting (and `field_map.{i}.destination` for a mapping row). `hasTenant`: the
 * importer's record belongs to a department, so the tenant mapping is read-only and not asked for.
 */
export function xmlImporterErrors(config: XmlImporterConfig, options: { hasTenant: boolean }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const required = ['importerEmailPrefix', 'importerFolder', 'file', 'entity_type_id', 'uniqueKey', 'timezone'] as const;
  for (const key of required) {
    const value = key === 'file' ? config.file?.value : config[key];
    if (blank(value)) errors[key] = [XML_IMPORTER_MESSAGES.required(XML_IMPORTER_TITLES[key])];
  }
  if (!options.hasTenant && blank(config.tenantMappingField))
    errors.tenantMappingField = [XML_IMPORTER_MESSAGES.required(XML_IMPORTER_TITLES.tenantMappingField)];
  const prefix = config.importerEmailPrefix;
  if (typeof prefix === 'string' && prefix !== '' && cleanEmailPrefix(prefix) !== prefix)
    errors.importerEmailPrefix = [XML_IMPORTER_MESSAGES.emailPrefix];
  const mapped = new Set((config.field_map ?? []).map((m) => m.destination));
  (config.field_map ?? []).forEach((mapping, i) => {
    const child = childDestination(mapping.destination ?? '');
    if (child && !mapped.has(child.parent)) errors[`field_map.${i}.destination`] = [XML_IMPORTER_MESSAGES.childNeedsParent];
  });
  return errors;
}
