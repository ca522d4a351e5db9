// THANK_YOU: confirms that a request was received.
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { CheckIcon } from '../components/icons';
import { useModalSlot } from './use-modal-slot';

export function ThankYouModal() {
  const { opened, data, close } = useModalSlot('THANK_YOU');
  return (
    <Modal opened={opened} onClose={close} title={data?.title ?? 'Thank you'} centered size="sm">
      <Stack align="center" gap="sm" py="sm">
        <ThemeIcon color="teal" variant="light" radius="xl" size="xl">
          <CheckIcon size={22} />
        </ThemeIcon>
        <Text size="sm" ta="center">
          {data?.message ?? 'We have your request and will be in touch by email.'}
        </Text>
      </Stack>
      <Group justify="center" mt="md">
        <Button onClick={close} data-autofocus>
          Done
        </Button>
      </Group>
    </Modal>
  );
}
