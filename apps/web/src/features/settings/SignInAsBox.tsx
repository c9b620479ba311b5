import { Button, Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, isSignedOut } from '../../api/index.ts';
import { startSession } from '../identity/session.ts';
import { signInAs } from '../identity/user-api.ts';

/** What the danger toast says when sign-in-as fails (spec 03 §8): the field message when there is one. */
export function signInAsFailure(error: unknown): string {
  if (error instanceof ApiError) return error.fieldErrors.email?.[0] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The email box of the settings home for the few global admins allowed to sign in as another user (spec 03 §2, §6). */
export function SignInAsBox() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: signInAs,
    onSuccess: (answer) => {
      startSession(queryClient, answer);
      notifications.show({ color: 'green', message: `Signed in as ${answer.user.display_name}.` });
      navigate('/', { replace: true });
    },
    onError: (failure) => {
      if (isSignedOut(failure)) return;
      notifications.show({ color: 'red', title: 'Sign in as user failed', message: signInAsFailure(failure), autoClose: 10_000 });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError('The email field is required.');
      return;
    }
    setError(null);
    mutation.mutate(value);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Text fz="sm" c="dimmed" mb="sm">
        Sign in as another user to see what they see. The session is recorded in the sensitive action history.
      </Text>
      <Group align="flex-start" gap="sm">
        <TextInput
          label="User's email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error}
          autoComplete="off"
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" mt={25} loading={mutation.isPending}>
          Sign In As
        </Button>
      </Group>
    </form>
  );
}
