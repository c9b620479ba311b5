/**
 * The entity type answers (spec 02 §2 and §9, spec 03 'Entity type import'), in a module of
 * their own: the record screen says 'Entity Type not found.' without loading the entity type
 * schemas and zod with them (issue 20).
 */
export const ENTITY_TYPE_MESSAGES = {
  added: 'Entity type added successfully',
  updated: 'Entity type updated successfully.',
  deleted: 'Deleted Successfully',
  notFound: 'Entity Type not found.',
  missingType: (name: string) => `Entity type '${name}' not found (Import type '${name}' first.)`,
} as const;
