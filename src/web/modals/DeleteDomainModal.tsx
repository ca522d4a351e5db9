// DELETE_DOMAIN: asks before a tracked domain is removed; the caller's onConfirm removes it.
import { useState } from 'react';
import { Alert, Button, Code, Group, Modal, Text } from '@mantine/core';
import { describeError } from '../api/client';
import { useModalSlot } from './use-modal-slot';

export function DeleteDomainModal() {
  const { opened, data, close } = useModalSlot('DELETE_DOMAIN');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onClose = () => {
    close();
    setFailure(null);
  };
  const confirm = async () => {
    if (!data) return;
    setBusy(true);
    setFailure(null);
    try {
      await data.onConfirm();
      onClose();
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Remove tracked domain" centered size="sm">
      <Text size="sm">
        Stop tracking <strong>{data?.domain.label}</strong>
        {data && data.domain.label !== data.domain.value && (
          <>
            {' '}
            (<Code>{data.domain.value}</Code>)
          </>
        )}{' '}
        in this campaign? It disappears from the campaign’s charts, tables and domain groups.
      </Text>
      {failure && (
        <Alert color="red" variant="light" mt="md" title="The domain was not removed">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={busy}>
          Remove domain
        </Button>
      </Group>
    </Modal>
  );
}
