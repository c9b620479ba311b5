import { Modal, SegmentedControl, Stack, Title } from '@mantine/core';
import type { PersonnelLogin, TenantLogin, UserLogin } from '@turnout/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isGlobalAdmin } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { Gate } from '../settings/AccessDenied.tsx';
import { LoginList } from './LoginList.tsx';
import { PersonnelRow, TenantRow, UserRow } from './LoginRowContent.tsx';
import { PersonnelLoginForm } from './PersonnelLoginForm.tsx';
import { TenantLoginForm } from './TenantLoginForm.tsx';
import { UserLoginForm } from './UserLoginForm.tsx';

const SEGMENTS = [
  { value: 'tenants', label: 'Tenants' },
  { value: 'users', label: 'Users' },
  { value: 'personnel', label: 'Personnel' },
] as const;
type Segment = (typeof SEGMENTS)[number]['value'];

type Editing = { kind: 'tenants'; row: TenantLogin } | { kind: 'users'; row: UserLogin } | { kind: 'personnel'; row: PersonnelLogin };

function titleOf(editing: Editing): string {
  return `Edit ${editing.kind === 'users' ? editing.row.name : editing.row.display_name}`;
}

function segmentOf(raw: string | null): Segment {
  return SEGMENTS.find((segment) => segment.value === raw)?.value ?? 'tenants';
}

/** /settings/manage-logins (spec 03 §2 'Manage Logins'): global admins only. */
export function ManageLoginsPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const segment = segmentOf(params.get('segment'));
  // The record stays while the overlay closes, so its title and form do not vanish mid-transition.
  const [editing, setEditingRecord] = useState<Editing | null>(null);
  const [opened, setOpened] = useState(false);
  const setEditing = (record: Editing) => {
    setEditingRecord(record);
    setOpened(true);
  };
  const close = () => setOpened(false);

  return (
    <Gate allowed={isGlobalAdmin(user)} title="Manage Logins" reason="Only global admins can manage logins.">
      <Stack gap="lg" maw={960}>
        <Title order={1}>Manage Logins</Title>
        <SegmentedControl
          aria-label="Show"
          value={segment}
          onChange={(value) => setParams({ segment: value }, { replace: true })}
          data={SEGMENTS.map((s) => ({ value: s.value, label: s.label }))}
          fullWidth
          maw={480}
        />
        {segment === 'tenants' && (
          <LoginList
            key="tenants"
            kind="tenants"
            emptyText="No tenants"
            searchLabel="Search tenants"
            renderRow={(row) => <TenantRow tenant={row} />}
            onOpen={(row) => setEditing({ kind: 'tenants', row })}
          />
        )}
        {segment === 'users' && (
          <LoginList
            key="users"
            kind="users"
            emptyText="No users"
            searchLabel="Search users"
            renderRow={(row) => <UserRow user={row} />}
            onOpen={(row) => setEditing({ kind: 'users', row })}
          />
        )}
        {segment === 'personnel' && (
          <LoginList
            key="personnel"
            kind="personnel"
            emptyText="No personnels"
            searchLabel="Search personnel"
            renderRow={(row) => <PersonnelRow person={row} />}
            onOpen={(row) => setEditing({ kind: 'personnel', row })}
          />
        )}
      </Stack>
      <Modal opened={opened && editing !== null} onClose={close} title={editing ? titleOf(editing) : ''} size="lg" centered>
        {editing?.kind === 'tenants' && <TenantLoginForm key={editing.row.id} tenant={editing.row} onClose={close} />}
        {editing?.kind === 'users' && <UserLoginForm key={editing.row.id} user={editing.row} onClose={close} />}
        {editing?.kind === 'personnel' && <PersonnelLoginForm key={editing.row.id} person={editing.row} onClose={close} />}
      </Modal>
    </Gate>
  );
}
