import { Modal } from '@mantine/core';
import type { CurrentUser } from '@turnout/shared';
import { MfaEnrolmentFlow } from './MfaEnrolmentFlow.tsx';

interface MfaEnrolmentModalProps {
  user: CurrentUser;
  opened: boolean;
  /** Mandatory enrolment (past the enrol-by date): the modal cannot be closed, only finished or signed out of. */
  mandatory: boolean;
  onClose: () => void;
  /** Offered before the enrol-by date when the app prompts on its own. */
  onSkip?: (() => void) | undefined;
  onSignOut?: (() => void) | undefined;
}

export function MfaEnrolmentModal({ user, opened, mandatory, onClose, onSkip, onSignOut }: MfaEnrolmentModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={mandatory ? () => undefined : onClose}
      withCloseButton={!mandatory}
      closeOnEscape={!mandatory}
      closeOnClickOutside={!mandatory}
      title="Multi-Factor Authentication"
      size="md"
      centered
    >
      <MfaEnrolmentFlow
        user={user}
        onSkip={mandatory ? undefined : onSkip}
        onCancel={mandatory || onSkip ? undefined : onClose}
        onDone={onClose}
        onSignOut={mandatory ? onSignOut : undefined}
      />
    </Modal>
  );
}
