import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../app/sign-out.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { MfaEnrolmentModal } from './MfaEnrolmentModal.tsx';
import { dismissMfaPrompt, localDate, mfaPromptDismissedFor, mfaPromptDue, mfaSkippable } from './mfa-rules.ts';

/**
 * After sign-in: the enrolment flow when the user has an enrol-by date, is not enrolled and has
 * not dismissed it in this session (spec 01 §4). Once open it stays until done, so the thanks
 * screen shows after the user became enrolled.
 */
export function MfaPrompt() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const today = localDate();
  const [dismissedFor, setDismissedFor] = useState(mfaPromptDismissedFor);
  const due = mfaPromptDue(user, dismissedFor, today);
  const [open, setOpen] = useState(due);
  useEffect(() => {
    if (due) setOpen(true);
  }, [due]);

  const skippable = mfaSkippable(user.mfa_enrol_by, today);
  const close = () => {
    if (!user.mfa_enrolled_at) {
      dismissMfaPrompt(user.id);
      setDismissedFor(user.id);
    }
    setOpen(false);
  };

  return (
    <MfaEnrolmentModal
      user={user}
      opened={open}
      mandatory={!skippable && !user.mfa_enrolled_at}
      onClose={close}
      onSkip={close}
      onSignOut={() => {
        navigate('/signin', { replace: true });
        signOut();
      }}
    />
  );
}
