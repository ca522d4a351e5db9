// Mounts the nine dialogs of the modal registry once, at the root; each shows itself when its id is open.
import { AddGroupModal } from './AddGroupModal';
import { AlertModal } from './AlertModal';
import { DeleteDomainModal } from './DeleteDomainModal';
import { LimitReachedModal } from './LimitReachedModal';
import { NoDataFoundModal } from './NoDataFoundModal';
import { SetUpCallModal } from './SetUpCallModal';
import { TableGlossaryModal } from './TableGlossaryModal';
import { ThankYouModal } from './ThankYouModal';
import { TryThisFeatureModal } from './TryThisFeatureModal';

export function ModalHost() {
  return (
    <>
      <AlertModal />
      <AddGroupModal />
      <DeleteDomainModal />
      <TableGlossaryModal />
      <LimitReachedModal />
      <SetUpCallModal />
      <ThankYouModal />
      <TryThisFeatureModal />
      <NoDataFoundModal />
    </>
  );
}
