/** The special permission that gates editing records of collections (spec 02 §6; 03 §6 'Collections'). */
export const COLLECTIONS_PERMISSION = 'update_collections';

/** Why editing a collection's record is refused: the server's 403 and the web app's reason. */
export const COLLECTIONS_EDIT_DENIED = 'Editing records of this collection needs the Update collections permission.';

type TypeKind = { is_module: boolean; is_task: boolean };
/** Answers whether the caller may update a key (a type name or a special permission). */
type CanUpdate = (key: string, action: 'update') => boolean;

/** A collection is an entity type that is neither a module nor a task type (spec 03 §2 'Collections'). */
export function isCollection(type: TypeKind): boolean {
  return !type.is_module && !type.is_task;
}

/** Update on collections gates non-module, non-task types (spec 02 §6); other types pass. */
export function collectionAllowsEditing(can: CanUpdate, type: TypeKind): boolean {
  return !isCollection(type) || can(COLLECTIONS_PERMISSION, 'update');
}

/** Records of a type may be edited with update on the type and, for a collection, update on collections. */
export function mayUpdateRecordsOf(can: CanUpdate, type: TypeKind & { name: string }): boolean {
  return can(type.name, 'update') && collectionAllowsEditing(can, type);
}
