import { Alert, Anchor, Button, Center, Code, Group, Image, Loader, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconCopy, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CurrentUser, MFA_CODE_LENGTH } from '@turnout/shared';
import { type FormEvent, useState } from 'react';
import { ApiError, isSignedOut } from '../../api/index.ts';
import { USER_QUERY_KEY } from '../identity/user-api.ts';
import { copyText } from './copy-text.ts';
import { finishMfaEnrolment, type MfaEnrolment, startMfaEnrolment } from './mfa-api.ts';
import { mfaCodeComplete } from './mfa-rules.ts';

export type MfaStep = 'intro' | 'qr' | 'code' | 'thanks';

interface MfaEnrolmentFlowProps {
  user: CurrentUser;
  /** Offered on the intro only before the enrol-by date (spec 01 §4). */
  onSkip?: (() => void) | undefined;
  /** Leaves the flow when it is optional (opened from settings). */
  onCancel?: (() => void) | undefined;
  /** After the thanks screen. */
  onDone: () => void;
  /** Mandatory enrolment still lets the person leave the app. */
  onSignOut?: (() => void) | undefined;
}

function messageOf(error: unknown): string {
  if (isSignedOut(error)) return '';
  return error instanceof Error ? error.message : String(error);
}

/** MFA enrolment (spec 01 §4): intro → QR code and key → code entry → thanks. */
export function MfaEnrolmentFlow({ user, onSkip, onCancel, onDone, onSignOut }: MfaEnrolmentFlowProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<MfaStep>('intro');
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const start = useMutation({
    mutationFn: startMfaEnrolment,
    onSuccess: (answer) => {
      setEnrolment(answer);
      setStep('qr');
    },
    onError: (error) => {
      // 409: set up meanwhile (another tab): the user we hold is out of date.
      if (error instanceof ApiError && error.statusCode === 409) void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });

  const finish = useMutation({
    mutationFn: finishMfaEnrolment,
    onSuccess: (updated) => {
      queryClient.setQueryData(USER_QUERY_KEY, updated);
      setStep('thanks');
    },
    onError: (error) => {
      const fieldMessage = error instanceof ApiError ? error.fieldErrors.code?.[0] : undefined;
      setCodeError(fieldMessage ?? messageOf(error));
    },
  });

  const onCopy = async (key: string) => {
    try {
      await copyText(key);
      notifications.show({ message: 'Copied.', color: 'green', autoClose: 3000 });
    } catch (error) {
      notifications.show({ message: `The key could not be copied: ${messageOf(error)}`, color: 'red' });
    }
  };

  const onFinish = (event: FormEvent) => {
    event.preventDefault();
    if (!mfaCodeComplete(code) || finish.isPending) return;
    setCodeError(null);
    finish.mutate(code);
  };

  if (step === 'intro') {
    return (
      <Stack gap="md">
        <Center>
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconShieldLock size={32} stroke={1.6} />
          </ThemeIcon>
        </Center>
        <Title order={2} fz="xl" ta="center">
          Set up Multi-Factor Authentication
        </Title>
        <Text>
          Multi-factor authentication protects your account with a second step: after your password, you enter a {MFA_CODE_LENGTH}
          -digit code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).
        </Text>
        {user.mfa_enrol_by && (
          <Text fw={600}>
            {onSkip
              ? `Please set it up by ${user.mfa_enrol_by}.`
              : 'Your department requires multi-factor authentication for your account.'}
          </Text>
        )}
        {start.isError && !isSignedOut(start.error) && (
          <Alert color="red" variant="light" role="alert">
            {messageOf(start.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {onSkip && (
            <Button variant="default" onClick={onSkip}>
              Skip for now
            </Button>
          )}
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            Get Started
          </Button>
        </Group>
        {onSignOut && (
          <Anchor component="button" type="button" fz="sm" onClick={onSignOut} ta="center">
            Sign Out
          </Anchor>
        )}
      </Stack>
    );
  }

  if (step === 'qr') {
    if (!enrolment) return <Loader />;
    return (
      <Stack gap="md">
        <Title order={2} fz="xl">
          Scan the QR code
        </Title>
        <Text>Open your authenticator app, add an account and scan this code.</Text>
        <Center>
          <Image src={enrolment.qr_code_image} alt="QR code for your authenticator app" w={220} h={220} fit="contain" />
        </Center>
        <Text fz="sm">If you cannot scan it, enter this key in the app instead:</Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="mfa-key" fz="md" style={{ wordBreak: 'break-all', flex: 1 }}>
            {enrolment.key}
          </Code>
          <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => void onCopy(enrolment.key)}>
            Copy key
          </Button>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStep('intro')}>
            Back
          </Button>
          <Button onClick={() => setStep('code')}>Next</Button>
        </Group>
      </Stack>
    );
  }

  if (step === 'code') {
    return (
      <form onSubmit={onFinish} noValidate>
        <Stack gap="md">
          <Title order={2} fz="xl">
            Enter the code
          </Title>
          <Text>Enter the {MFA_CODE_LENGTH}-digit code your authenticator app shows for Turnout.</Text>
          <TextInput
            label="Code"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value.trim());
              setCodeError(null);
            }}
            error={codeError}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={MFA_CODE_LENGTH}
            data-autofocus
            autoFocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setStep('qr')}>
              Back
            </Button>
            <Button type="submit" disabled={!mfaCodeComplete(code)} loading={finish.isPending}>
              Finish
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap="md" align="center">
      <ThemeIcon size={56} radius="xl" color="green" variant="light">
        <IconCircleCheck size={32} stroke={1.6} />
      </ThemeIcon>
      <Title order={2} fz="xl" ta="center">
        Thank you
      </Title>
      <Text ta="center">Multi-factor authentication is set up. From now on, signing in asks for a code from your authenticator app.</Text>
      <Button onClick={onDone} data-autofocus>
        Done
      </Button>
    </Stack>
  );
}
