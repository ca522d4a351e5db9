// Connects the user store's status code to the modal registry (spec §4: the status code selects the
// dialog): a status opens its dialog, closing the dialog clears the status, and the limit-reached dialog
// can switch the status to set-up-a-call.
import { useEffect } from 'react';
import { useRequestCall } from '../api/use-demo-call';
import { useModalStore } from '../modals/modal-store';
import { useUserStore } from '../state/user-store';
import type { UserStatusCode } from '../state/user-store';

export function UserStatusBridge() {
  const statusCode = useUserStore((s) => s.statusCode);
  const open = useModalStore((s) => s.open);
  const close = useModalStore((s) => s.close);
  const requestCall = useRequestCall();
  const { mutateAsync } = requestCall;

  useEffect(() => {
    if (statusCode === null) return;
    const { setStatusCode, switchToSetUpCall } = useUserStore.getState();
    const onClose = (code: UserStatusCode) => () => {
      if (useUserStore.getState().statusCode === code) setStatusCode(null);
    };
    switch (statusCode) {
      case 'LIMIT_REACHED':
        open('LIMIT_REACHED', {
          onClose: onClose('LIMIT_REACHED'),
          onSetUpCall: () => {
            switchToSetUpCall();
            close('LIMIT_REACHED');
          },
        });
        break;
      case 'SET_UP_A_CALL':
        open('SET_UP_A_CALL', {
          onClose: onClose('SET_UP_A_CALL'),
          onSubmit: async (request) => {
            await mutateAsync(request);
          },
        });
        break;
      case 'THANK_YOU':
        open('THANK_YOU', { onClose: onClose('THANK_YOU') });
        break;
    }
  }, [statusCode, open, close, mutateAsync]);

  return null;
}
