import { Stack, Text } from '@mantine/core';
import type { TenantLogin } from '@turnout/shared';
import { type FormEvent, useState } from 'react';
import { FormActions } from './FormActions.tsx';
import { type SignInChange, updateTenantLogin } from './logins-api.ts';
import { SignInFields } from './SignInFields.tsx';
import { useLoginSave } from './use-login-save.ts';

const FIELDS = ['signInEnabled', 'signInDisabledError'] as const;

export function TenantLoginForm({ tenant, onClose }: { tenant: TenantLogin; onClose: () => void }) {
  const [enabled, setEnabled] = useState(tenant.signInEnabled);
  const [message, setMessage] = useState(tenant.signInDisabledError ?? '');
  const { mutation, fieldErrors } = useLoginSave('tenants', (change: SignInChange) => updateTenantLogin(tenant.id, change), {
    wrapper: 'tenant',
    fields: FIELDS,
    onSaved: onClose,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(enabled ? { signInEnabled: true } : { signInEnabled: false, signInDisabledError: message.trim() || null });
  };
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {tenant.name}
        </Text>
        <SignInFields
          enabled={enabled}
          message={message}
          onEnabledChange={setEnabled}
          onMessageChange={setMessage}
          errors={fieldErrors}
          audience="the department's people"
        />
      </Stack>
      <FormActions saving={mutation.isPending} onCancel={onClose} />
    </form>
  );
}
