import { Badge, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { RESENT_WELCOME, type UserLogin } from '@turnout/shared';
import { type FormEvent, useState } from 'react';
import { isSignedOut } from '../../api/index.ts';
import { FormActions } from './FormActions.tsx';
import { resendWelcome, type UserLoginChange, updateUserLogin } from './logins-api.ts';
import { SignInFields } from './SignInFields.tsx';
import { useLoginSave } from './use-login-save.ts';

const FIELDS = ['name', 'signInEnabled', 'signInDisabledError', 'reset_mfa'] as const;

export function UserLoginForm({ user, onClose }: { user: UserLogin; onClose: () => void }) {
  const [name, setName] = useState(user.name);
  const [enabled, setEnabled] = useState(user.signInEnabled);
  const [message, setMessage] = useState(user.signInDisabledError ?? '');
  const [resetMfa, setResetMfa] = useState(false);
  const { mutation, fieldErrors } = useLoginSave('users', (change: UserLoginChange) => updateUserLogin(user.id, change), {
    wrapper: 'user',
    fields: FIELDS,
    onSaved: (saved) => {
      // The answer says whether the reset took: say so rather than claim it.
      if (resetMfa && saved.mfa_enrolled_at) {
        notifications.show({ color: 'red', message: 'Multi-factor authentication was not reset.', autoClose: 10_000 });
      }
      onClose();
    },
  });
  const welcome = useMutation({
    mutationFn: () => resendWelcome(user.email),
    onSuccess: () => notifications.show({ color: 'green', message: RESENT_WELCOME }),
    onError: (error) => {
      if (!isSignedOut(error)) notifications.show({ color: 'red', message: error.message, autoClose: 10_000 });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const change: UserLoginChange = enabled
      ? { signInEnabled: true }
      : { signInEnabled: false, signInDisabledError: message.trim() || null };
    if (name.trim() !== user.name) change.name = name.trim();
    if (resetMfa) change.reset_mfa = true;
    mutation.mutate(change);
  };
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="md">
        <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldErrors.name} required />
        <Group align="flex-end" gap="sm">
          <TextInput label="Email" value={user.email} readOnly variant="filled" style={{ flex: 1, minWidth: 220 }} />
          <Button variant="light" leftSection={<IconMailForward size={16} />} onClick={() => welcome.mutate()} loading={welcome.isPending}>
            Resend Welcome Email
          </Button>
        </Group>
        <div>
          <Text fz="sm" fw={500} mb={4}>
            Roles
          </Text>
          <Group gap={6}>
            {user.roles.length === 0 && (
              <Text fz="sm" c="dimmed">
                No roles
              </Text>
            )}
            {user.roles.map((role) => {
              const tenant = user.tenants.find((t) => t.id === role.tenant_id);
              return (
                <Badge key={`${role.name}-${role.tenant_id ?? 'all'}`} variant="light" color="gray" tt="none">
                  {role.label}
                  {tenant ? ` · ${tenant.display_name}` : ''}
                </Badge>
              );
            })}
          </Group>
        </div>
        <SignInFields
          enabled={enabled}
          message={message}
          onEnabledChange={setEnabled}
          onMessageChange={setMessage}
          errors={fieldErrors}
          audience="this user"
        />
        {user.mfa_enrolled_at && (
          <Checkbox
            label="Reset MFA"
            description="Removes the authenticator; the user signs in with the password alone until enrolling again."
            checked={resetMfa}
            onChange={(event) => setResetMfa(event.currentTarget.checked)}
            error={fieldErrors.reset_mfa}
          />
        )}
      </Stack>
      <FormActions saving={mutation.isPending} onCancel={onClose} />
    </form>
  );
}
