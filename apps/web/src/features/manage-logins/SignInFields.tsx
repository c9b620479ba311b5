import { Stack, Switch, Textarea } from '@mantine/core';

interface SignInFieldsProps {
  enabled: boolean;
  message: string;
  onEnabledChange: (enabled: boolean) => void;
  onMessageChange: (message: string) => void;
  errors: Record<string, string>;
  /** Who the message is shown to, for the help text. */
  audience: string;
}

/** 'Sign-in enabled' and the disabled-error message, editable only while sign-in is disabled (spec 03 §4). */
export function SignInFields({ enabled, message, onEnabledChange, onMessageChange, errors, audience }: SignInFieldsProps) {
  return (
    <Stack gap="sm">
      <Switch
        label="Sign-in enabled"
        checked={enabled}
        onChange={(event) => onEnabledChange(event.currentTarget.checked)}
        error={errors.signInEnabled}
        size="md"
      />
      <Textarea
        label="Sign-in disabled message"
        description={
          enabled ? 'Editable while sign-in is disabled.' : `Shown to ${audience} who try to sign in. Leave empty for the standard message.`
        }
        value={message}
        onChange={(event) => onMessageChange(event.currentTarget.value)}
        error={errors.signInDisabledError}
        disabled={enabled}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={1000}
      />
    </Stack>
  );
}
