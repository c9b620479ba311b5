-- The PDF of a saved version (spec 01 §3 'Version' pdf, 02 §6 'view version pdfs'): the file
-- (in `file`, bytes in the blob store) rendered for that version, lazily on first request or
-- when the record is printed. No foreign key to `file`: a version outlives a purged file, and
-- the pdf is rendered again when its file is gone.
ALTER TABLE entity_version ADD COLUMN pdf_file_id uuid;
