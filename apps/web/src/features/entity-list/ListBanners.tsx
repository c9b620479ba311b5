import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueuedUpdatesBanner, type QueuedUpdatesBannerProps } from './banners/QueuedUpdatesBanner.tsx';
import { UnsavedDraftsBanner, type UnsavedDraftsBannerProps } from './banners/UnsavedDraftsBanner.tsx';

export interface ListBannersProps {
  /**
   * ACTIVE ALERTS SLOT: the 'N active alerts' banner (features/alerts/ActiveAlertsBanner.tsx,
   * built by the alerts work) goes here, first.
   */
  activeAlerts?: ReactNode;
  /** The offline queue, once the offline module provides it. */
  queued?: QueuedUpdatesBannerProps | undefined;
  /** Unsaved drafts of this type, once the offline module provides them. */
  drafts?: UnsavedDraftsBannerProps | undefined;
}

/** The banners under a list's header (spec 02 §2); each renders only when given its data. */
export function ListBanners({ activeAlerts, queued, drafts }: ListBannersProps) {
  if (!activeAlerts && !queued && !drafts) return null;
  return (
    <Stack gap={4}>
      {activeAlerts}
      {queued && <QueuedUpdatesBanner {...queued} />}
      {drafts && <UnsavedDraftsBanner {...drafts} />}
    </Stack>
  );
}
