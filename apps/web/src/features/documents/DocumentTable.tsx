import { ActionIcon, Anchor, Badge, Group, Loader, Menu, Pagination, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots } from '@tabler/icons-react';
import type { DocumentResource, LibraryAbilities } from '@turnout/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../identity/current-user.tsx';
import { deleteDocument, formatSize, updateDocument, useDocumentList } from './documents-api.ts';
import { FileTypeIcon, typeLabel } from './file-icons.tsx';
import { ConfirmDelete, errorText, type LibraryQuery, MoveDialog, useRefreshDocuments } from './folder-dialogs.tsx';

type Dialog = { kind: 'move' | 'delete'; doc: DocumentResource } | null;

/** The documents of the current place: name, size, type icon, date and uploader; 'No documents found'. */
export function DocumentTable({ query, can }: { query: LibraryQuery; can: LibraryAbilities }) {
  const [page, setPage] = useState(1);
  const list = useDocumentList(query, page);
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = useRefreshDocuments();
  const userId = useCurrentUser().id;
  const close = () => setDialog(null);

  const setHandbook = async (doc: DocumentResource) => {
    try {
      await updateDocument(doc.id, { is_handbook: !doc.is_handbook });
      notifications.show({ color: 'green', message: 'Updated Successfully' });
      await refresh();
    } catch (e) {
      notifications.show({ color: 'red', message: `An error occurred: ${errorText(e)}` });
    }
  };

  if (list.isLoading) return <Loader role="status" aria-label="Loading documents" />;
  if (list.error)
    return (
      <Text c="red" role="alert">
        {list.error.message}
      </Text>
    );
  const docs = list.data?.data ?? [];
  if (docs.length === 0)
    return (
      <Text c="gray.7" py="lg" ta="center">
        No documents found
      </Text>
    );
  const lastPage = list.data?.meta.last_page ?? 1;
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" highlightOnHover aria-label="Documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Uploaded by</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs.map((doc) => {
              const mine = doc.created_by?.id === userId;
              const mayMove = can.update_document || mine;
              const mayDelete = can.delete_document || mine;
              return (
                <Table.Tr key={doc.id}>
                  <Table.Td>
                    <Group gap={8} wrap="nowrap">
                      <FileTypeIcon mime={doc.mime_type} />
                      <Anchor component={Link} to={`/documents/${doc.id}`} style={{ wordBreak: 'break-word' }}>
                        {doc.name}
                      </Anchor>
                      {doc.is_handbook && (
                        <Badge size="sm" variant="light">
                          Handbook
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatSize(doc.size_bytes)}</Table.Td>
                  <Table.Td>{typeLabel(doc.mime_type)}</Table.Td>
                  <Table.Td>{new Date(doc.created_at).toLocaleDateString()}</Table.Td>
                  <Table.Td>{doc.created_by?.display_name ?? ''}</Table.Td>
                  <Table.Td>
                    {(mayMove || mayDelete || can.set_handbook) && (
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Document actions for ${doc.name}`}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {mayMove && <Menu.Item onClick={() => setDialog({ kind: 'move', doc })}>Move</Menu.Item>}
                          {can.set_handbook && (
                            <Menu.Item onClick={() => void setHandbook(doc)}>
                              {doc.is_handbook ? 'Unmark as Handbook' : 'Mark as Handbook'}
                            </Menu.Item>
                          )}
                          {mayDelete && (
                            <Menu.Item color="red" onClick={() => setDialog({ kind: 'delete', doc })}>
                              Delete
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lastPage > 1 && <Pagination total={lastPage} value={page} onChange={setPage} aria-label="Document pages" />}
      {dialog?.kind === 'move' && (
        <MoveDialog
          name={dialog.doc.name}
          query={query}
          onClose={close}
          onMove={async (folder_id) => {
            await updateDocument(dialog.doc.id, { folder_id });
            await refresh();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDelete
          onClose={close}
          onConfirm={async () => {
            await deleteDocument(dialog.doc.id);
            await refresh();
          }}
        />
      )}
    </>
  );
}
