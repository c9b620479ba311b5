import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_HELP_TEXT, PASSWORD_UPDATED } from '@turnout/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from './AuthLayout.tsx';
import { updatePassword } from './auth-api.ts';
import { FormBanner } from './FormBanner.tsx';
import { formFailure } from './form-failure.ts';
import { collectErrors, confirmationError, newPasswordError } from './validation.ts';

/** /reset-password?email&token&new_account (spec 01 §2.2): 'Set Password' for a new account, else 'Reset Password'. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const linkComplete = email !== '' && token !== '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);

  const update = useMutation({
    mutationFn: updatePassword,
    onSuccess: () => {
      notifications.show({ color: 'green', message: PASSWORD_UPDATED, withBorder: true });
      navigate('/signin', { replace: true });
    },
    onError: (error) => {
      const failure = formFailure(error, ['password', 'password_confirmation'], 'Password reset is unavailable');
      setErrors(failure.fields);
      setBanner(failure.banner);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    const found = collectErrors({
      password: newPasswordError(password),
      password_confirmation: confirmationError(password, confirmation),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate({ email, password, password_confirmation: confirmation, token });
  };

  return (
    <AuthLayout title={params.has('new_account') ? 'Set Password' : 'Reset Password'}>
      <form onSubmit={onSubmit} noValidate>
        <FormBanner
          message={linkComplete ? banner : 'This link is incomplete: it needs the email address and token from the email you received.'}
        />
        <Stack gap="md">
          {email && (
            <Text fz="sm" c="dimmed">
              Choose a new password for {email}.
            </Text>
          )}
          <PasswordInput
            label="Password"
            description={PASSWORD_HELP_TEXT}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            autoComplete="new-password"
            disabled={!linkComplete}
            withAsterisk
          />
          <PasswordInput
            label="Confirm Password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.password_confirmation}
            autoComplete="new-password"
            disabled={!linkComplete}
            withAsterisk
          />
          <Button type="submit" fullWidth size="md" loading={update.isPending} disabled={!linkComplete}>
            Save Password
          </Button>
          <Anchor component={Link} to={linkComplete ? '/signin' : '/forgot-password'} fz="sm" ta="center">
            {linkComplete ? 'Back to Sign In' : 'Ask for a new link'}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
