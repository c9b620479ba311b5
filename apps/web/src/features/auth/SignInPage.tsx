import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MFA_CODE_LENGTH } from '@turnout/shared';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '../../api/auth-store.ts';
import { ApiError } from '../../api/index.ts';
import { startSession } from '../identity/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { type LoginRequest, login } from './auth-api.ts';
import { FormBanner } from './FormBanner.tsx';
import { formFailure } from './form-failure.ts';
import { collectErrors, emailError, mfaCodeError, passwordRequiredError } from './validation.ts';

const FIELDS = ['email', 'password', 'mfa_code'] as const;

/** Where to go after signing in: the page that sent the user here, or Home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  if (!from?.pathname?.startsWith('/') || from.pathname.startsWith('/signin')) return '/';
  return `${from.pathname}${from.search ?? ''}`;
}

/** /signin (spec 01 §2.2): email and password; when a second factor is required, the code replaces them. */
export function SignInPage() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [mfaCode, setMfaCode] = useState('');
  const [askingForMfa, setAskingForMfa] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);

  const signIn = useMutation({
    mutationFn: login,
    // Holding a token re-renders this page as a redirect to where the user was going.
    onSuccess: (answer) => startSession(queryClient, answer),
    onError: (error) => {
      if (!askingForMfa && error instanceof ApiError && error.statusCode === 422 && error.fieldErrors.mfa_code) {
        // The account has a second factor: ask for the code, keep email and password.
        setAskingForMfa(true);
        setErrors({});
        return;
      }
      const failure = formFailure(error, FIELDS, 'Sign-in is unavailable');
      setErrors(failure.fields);
      setBanner(failure.banner);
    },
  });

  if (token) return <Navigate to={returnPath(location.state)} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    const found = askingForMfa
      ? collectErrors({ mfa_code: mfaCodeError(mfaCode) })
      : collectErrors({ email: emailError(email), password: passwordRequiredError(password) });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: LoginRequest = { email: email.trim(), password };
    if (askingForMfa) body.mfa_code = mfaCode.trim();
    signIn.mutate(body);
  };

  const startOver = () => {
    setAskingForMfa(false);
    setMfaCode('');
    setErrors({});
    setBanner(null);
  };

  return (
    <AuthLayout title="Sign In">
      <form onSubmit={onSubmit} noValidate>
        <FormBanner message={banner} />
        <Stack gap="md">
          {askingForMfa ? (
            <>
              <Text fz="sm" c="dimmed">
                Enter the {MFA_CODE_LENGTH}-digit code from your authenticator app for {email.trim()}.
              </Text>
              <TextInput
                label="Multi-Factor Auth Code"
                value={mfaCode}
                onChange={(event) => setMfaCode(event.currentTarget.value)}
                error={errors.mfa_code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={MFA_CODE_LENGTH}
                withAsterisk
                data-autofocus
                autoFocus
              />
            </>
          ) : (
            <>
              <TextInput
                label="Email"
                type="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={errors.email}
                autoComplete="username"
                withAsterisk
              />
              <PasswordInput
                label="Password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={errors.password}
                autoComplete="current-password"
                withAsterisk
              />
            </>
          )}
          <Button type="submit" fullWidth size="md" loading={signIn.isPending}>
            Sign In
          </Button>
          <Group justify="space-between">
            {askingForMfa ? (
              <Anchor component="button" type="button" fz="sm" onClick={startOver}>
                Use a different account
              </Anchor>
            ) : (
              <span />
            )}
            <Anchor component={Link} to="/forgot-password" fz="sm">
              Forgot Password
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
