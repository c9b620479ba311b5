import { Alert, Button, CopyButton, Group, Image, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/index.ts';
import { useCurrentUser } from '../identity/current-user.tsx';

interface PublicUrl {
  url: string;
  tenant_id: string;
  qr_code_image: string;
}

/** GET /entity-type/{name}/public-url/{optional}: {optional} is the tenant a global admin chose. */
function fetchPublicUrl(typeName: string, tenantId: string | null, signal?: AbortSignal) {
  const path = `/entity-type/${encodeURIComponent(typeName)}/public-url${tenantId ? `/${encodeURIComponent(tenantId)}` : ''}`;
  return api.get<{ data: PublicUrl }>(path, { signal }).then((answer) => answer.data);
}

/**
 * 'Link to Public Form' (spec 01 §2.6): the signed link of a public-form type, to copy, and its
 * QR code for posters. A global admin at global level chooses the tenant first.
 */
export function PublicLinkDialog({ typeName, opened, onClose }: { typeName: string; opened: boolean; onClose(): void }) {
  const user = useCurrentUser();
  const mustChoose = user.is_global && !user.tenant_id;
  const [chosen, setChosen] = useState<string | null>(null);
  const tenantId = mustChoose ? chosen : null;
  const link = useQuery({
    queryKey: ['public-url', typeName, tenantId ?? user.tenant_id],
    queryFn: ({ signal }) => fetchPublicUrl(typeName, tenantId, signal),
    enabled: opened && (!mustChoose || chosen !== null),
    retry: false,
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Link to Public Form" size="md">
      <Stack gap="sm">
        {mustChoose ? (
          <Select
            label="Tenant"
            description="Tenant must be selected first"
            placeholder="Select a tenant"
            data={user.tenants.map((t) => ({ value: t.id, label: t.display_name || t.name }))}
            value={chosen}
            onChange={setChosen}
            searchable
          />
        ) : null}
        {link.isFetching ? <Loader role="status" size="sm" aria-label="Loading the link" /> : null}
        {link.error ? (
          <Alert color="red" role="alert">
            {link.error.message}
          </Alert>
        ) : null}
        {link.data ? (
          <>
            <Text fz="sm">Anyone with this link can fill in the form without signing in.</Text>
            <TextInput label="Public form link" value={link.data.url} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Group justify="flex-end">
              <Button component="a" href={link.data.url} target="_blank" rel="noopener" variant="default">
                Open
              </Button>
              <CopyButton value={link.data.url}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied.' : 'Copy link'}</Button>}
              </CopyButton>
            </Group>
            <Image src={link.data.qr_code_image} alt="QR code of the public form link" w={220} h={220} mx="auto" />
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
