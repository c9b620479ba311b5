-- Full-text search over the text of PDF documents (issue 26; docs/decisions/0026-documents.md).
-- A PDF filed as a document gets its text extracted once, after the upload, by the documents
-- module's indexer: one row per file, also when it had no text (so it is not tried again).
-- A table of its own keeps the words out of every read of `file`.

CREATE TABLE file_text (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  file_id uuid NOT NULL,
  text_content tsvector NOT NULL,
  indexed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, file_id),
  FOREIGN KEY (tenant_id, file_id) REFERENCES file (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX file_text_content_idx ON file_text USING gin (text_content);
SELECT enable_tenant_isolation('file_text');
