import { NavLink, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChartPie, IconChevronRight, IconHistory, IconKey, IconLayoutList, IconLock, IconStack2 } from '@tabler/icons-react';
import { canOpenAdminTools, isGlobalAdmin, isTenantAdmin } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { Can, usePermission } from '../permissions/use-permission.tsx';
import { Gate } from './AccessDenied.tsx';
import { SensitiveActionsModal } from './SensitiveActionsModal.tsx';
import { SettingsLink, SettingsSection } from './SettingsSection.tsx';

/** /settings/admin-tools/index (spec 03 §2 'Admin Tools'). */
export function AdminToolsPage() {
  const user = useCurrentUser();
  const [showingHistory, history] = useDisclosure(false);
  const canViewModules = usePermission('view_admin_modules', 'view');
  return (
    <Gate allowed={canOpenAdminTools(user)} title="Admin Tools" reason="Admin Tools are for global admins and department administrators.">
      <Stack gap="lg" maw={720}>
        <Title order={1}>Admin Tools</Title>
        <SettingsSection title="Configuration">
          <Stack gap={2}>
            <Can action="update" on="modify_entity_types">
              <SettingsLink
                label="Manage Entity Types"
                to="/settings/admin-tools/manage-entity-types/index"
                icon={<IconLayoutList size={20} stroke={1.6} />}
              />
            </Can>
            {isTenantAdmin(user) && user.tenant_id !== null && (
              <SettingsLink label="Widgets" to="/settings/widgets" icon={<IconChartPie size={20} stroke={1.6} />} />
            )}
            {(isGlobalAdmin(user) || canViewModules) && (
              <SettingsLink label="Admin Modules" to="/settings/admin-tools/modules" icon={<IconStack2 size={20} stroke={1.6} />} />
            )}
          </Stack>
        </SettingsSection>
        <SettingsSection title="Access">
          <Stack gap={2}>
            {isGlobalAdmin(user) && (
              <>
                <SettingsLink label="Manage Logins" to="/settings/manage-logins" icon={<IconKey size={20} stroke={1.6} />} />
                <SettingsLink label="Manage Permissions" to="/settings/manage-permissions" icon={<IconLock size={20} stroke={1.6} />} />
              </>
            )}
            <NavLink
              component="button"
              type="button"
              label="Sensitive Actions"
              description="History of sign-in changes, MFA and sign-in-as sessions"
              leftSection={<IconHistory size={20} stroke={1.6} />}
              rightSection={<IconChevronRight size={16} />}
              onClick={history.open}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          </Stack>
        </SettingsSection>
        <SensitiveActionsModal opened={showingHistory} onClose={history.close} />
      </Stack>
    </Gate>
  );
}
