/** The login and signup dialogs, driven by the $authDialog store (one open at a time). */
import { useStore } from '@nanostores/react';
import { $authDialog, closeAuthDialog, openAuthDialog, page } from './dialog-state';
import { LoginDialog } from './LoginDialog';
import { SignupDialog } from './SignupDialog';

export function AuthDialogs() {
  const request = useStore($authDialog);
  const close = () => {
    closeAuthDialog();
    page.settleAddress();
  };
  return (
    <>
      <LoginDialog
        open={request?.kind === 'login'}
        seq={request?.kind === 'login' ? request.seq : 0}
        onClose={close}
        onSwitchToSignup={() => {
          page.followDialog('signup');
          openAuthDialog('signup');
        }}
        returnFocusTo={request?.opener}
      />
      <SignupDialog
        open={request?.kind === 'signup'}
        seq={request?.kind === 'signup' ? request.seq : 0}
        onClose={close}
        onSwitchToLogin={() => {
          page.followDialog('login');
          openAuthDialog('login');
        }}
        returnFocusTo={request?.opener}
      />
    </>
  );
}
