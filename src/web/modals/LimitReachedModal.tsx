// LIMIT_REACHED: the request needs more than the plan, or the public demo, allows (HTTP 402); offers a call
// when the opener provides the switch to SET_UP_A_CALL.
import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { AlertIcon } from '../components/icons';
import { useModalSlot } from './use-modal-slot';

export function LimitReachedModal() {
  const { opened, data, close } = useModalSlot('LIMIT_REACHED');
  return (
    <Modal opened={opened} onClose={close} title="Limit reached" centered size="sm">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon color="yellow" variant="light" radius="xl">
          <AlertIcon size={16} />
        </ThemeIcon>
        <Text size="sm" style={{ flex: 1 }}>
          {data?.message ??
            // A demo visitor (who can set up a call) has no organisation to ask; a signed-in user does.
            (data?.onSetUpCall
              ? 'You have used the searches the public demo includes, so this one was not run. Set up a call with us to see everything Sightline shows.'
              : 'This request needs more than your plan includes, so it was not run. Ask an administrator of your organisation to raise the limit.')}
        </Text>
      </Group>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} data-autofocus>
          Close
        </Button>
        {data?.onSetUpCall && <Button onClick={data.onSetUpCall}>Set up a call</Button>}
      </Group>
    </Modal>
  );
}
