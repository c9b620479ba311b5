import { z } from 'zod';

/**
 * Documents (spec 01 §2.9, §3 'Folder'): the library of 'My Documents' (the member's own) and
 * each station's documents, in folders. A document places a file of /files in a library.
 */
export const DOCUMENT_LIBRARIES = ['my', 'station'] as const;
export type DocumentLibrary = (typeof DOCUMENT_LIBRARIES)[number];

export const DOCUMENT_MESSAGES = {
  noDocuments: 'No documents found',
  folderUnavailable: 'Folder is not available.',
  documentUnavailable: 'Document is not available.',
  handbookUnavailable: 'Handbook is not available.',
  fileUnavailable: 'File is not available.',
  folderCycle: 'A folder cannot be moved into itself or one of its subfolders.',
  folderNotEmpty: 'The folder is not empty.',
  folderExists: 'A folder with this name already exists here.',
  otherLibrary: 'The folder must be in the same library.',
  stationRequired: 'The station id field is required for station documents.',
  stationUnavailable: 'The selected station is not available.',
} as const;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'The id must be a uuid.');

/** What the caller may do in one library: the client shows exactly these buttons. */
export const libraryAbilities = z.object({
  upload: z.boolean(),
  create_folder: z.boolean(),
  update_folder: z.boolean(),
  delete_folder: z.boolean(),
  update_document: z.boolean(),
  delete_document: z.boolean(),
  set_handbook: z.boolean(),
});
export type LibraryAbilities = z.infer<typeof libraryAbilities>;

export const documentFolder = z.object({
  id: z.string(),
  folder_name: z.string(),
  parent_folder: z.string().nullable(),
  library: z.enum(DOCUMENT_LIBRARIES),
  station_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentFolder = z.infer<typeof documentFolder>;

export const documentResource = z.object({
  id: z.string(),
  name: z.string(),
  folder_id: z.string().nullable(),
  library: z.enum(DOCUMENT_LIBRARIES),
  station_id: z.string().nullable(),
  is_handbook: z.boolean(),
  file_id: z.string(),
  url: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  is_restricted: z.boolean(),
  created_at: z.string(),
  created_by: z.object({ id: z.string(), display_name: z.string() }).nullable(),
});
export type DocumentResource = z.infer<typeof documentResource>;

export const documentStation = z.object({ id: z.string(), display_name: z.string() });
export type DocumentStation = z.infer<typeof documentStation>;

/** Where in the library: a library (and its station) and a folder, or its top level. */
export const libraryQuery = z.object({
  library: z.enum(DOCUMENT_LIBRARIES, { error: 'The library must be my or station.' }),
  station_id: uuid.optional(),
  folder_id: uuid.optional(),
});

/** A folder's place with its breadcrumb (top level first) and its subfolders. */
export const folderListing = z.object({
  folder: documentFolder.nullable(),
  path: z.array(documentFolder),
  folders: z.array(documentFolder),
  can: libraryAbilities,
});
export type FolderListing = z.infer<typeof folderListing>;

const folderName = z
  .string({ error: 'The folder name field is required.' })
  .trim()
  .min(1, 'The folder name field is required.')
  .max(255, 'The folder name may not be greater than 255 characters.')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'The folder name may not contain control characters.');

export const createFolderInput = z.object({
  folder_name: folderName,
  library: z.enum(DOCUMENT_LIBRARIES, { error: 'The library must be my or station.' }),
  station_id: uuid.nullish(),
  parent_folder: uuid.nullish(),
});

export const updateFolderInput = z.object({
  folder_name: folderName.optional(),
  /** null: the library's top level; absent: stays where it is. */
  parent_folder: uuid.nullish(),
});

export const createDocumentInput = z.object({
  file_id: uuid,
  library: z.enum(DOCUMENT_LIBRARIES, { error: 'The library must be my or station.' }),
  station_id: uuid.nullish(),
  folder_id: uuid.nullish(),
});

export const updateDocumentInput = z.object({
  /** null: the library's top level. */
  folder_id: uuid.nullable().optional(),
  is_handbook: z.boolean().optional(),
});
