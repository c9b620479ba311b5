import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PASSWORD_RESET_SENT, PASSWORD_RESET_TOAST_MS } from '@turnout/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout.tsx';
import { requestPasswordReset } from './auth-api.ts';
import { emailError } from './validation.ts';

/** /forgot-password (spec 01 §2.2, §8): one email field; the same answer whatever the outcome. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      await requestPasswordReset(email.trim());
    } catch {
      // Whatever the outcome the message is the same: it never tells whether an account exists.
    } finally {
      setSending(false);
    }
    notifications.show({ message: PASSWORD_RESET_SENT, autoClose: PASSWORD_RESET_TOAST_MS, withBorder: true });
  };

  return (
    <AuthLayout title="Reset Password">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Enter the email address you sign in with and we will send you a link to choose a new password.
          </Text>
          <TextInput
            label="Email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
            autoComplete="email"
            withAsterisk
          />
          <Button type="submit" fullWidth size="md" loading={sending}>
            Send Reset Link
          </Button>
          <Anchor component={Link} to="/signin" fz="sm" ta="center">
            Back to Sign In
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
