import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { appUpdate } from './app-update.ts';
import { unsavedInput, useHasUnsavedInput } from './unsaved-input.ts';

export const APP_UPDATE_NOTICE_ID = 'app-update';

function UpdateNoticeBody() {
  const unsaved = useHasUnsavedInput();
  const [reloading, setReloading] = useState(false);
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">
        {unsaved ? 'Save or discard your changes first; then reload to use it.' : 'Reload to use it. Nothing you saved is lost.'}
      </Text>
      <Button
        size="sm"
        disabled={unsaved}
        loading={reloading}
        onClick={() => {
          setReloading(true);
          void appUpdate.apply();
        }}
      >
        Reload
      </Button>
    </Stack>
  );
}

/**
 * Offers a new app version once the service worker has it (issue 22): 'A new version is
 * available' with Reload. It is applied when the user chooses, or on its own when the app is
 * put in the background with no unsaved input; never while a form holds unsaved input.
 */
export function AppUpdateNotice() {
  const waiting = useSyncExternalStore(appUpdate.subscribe, appUpdate.isWaiting, () => false);

  useEffect(() => {
    if (!waiting) return;
    notifications.show({
      id: APP_UPDATE_NOTICE_ID,
      title: 'A new version is available',
      message: <UpdateNoticeBody />,
      autoClose: false,
      withCloseButton: true,
    });
    const applyWhenHidden = () => {
      if (document.visibilityState === 'hidden' && !unsavedInput.hasUnsavedInput()) void appUpdate.apply();
    };
    document.addEventListener('visibilitychange', applyWhenHidden);
    return () => document.removeEventListener('visibilitychange', applyWhenHidden);
  }, [waiting]);

  return null;
}
