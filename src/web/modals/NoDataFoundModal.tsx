// NO_DATA_FOUND: the selection returned nothing; says so and what to change.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useModalSlot } from './use-modal-slot';

export function NoDataFoundModal() {
  const { opened, data, close } = useModalSlot('NO_DATA_FOUND');
  return (
    <Modal opened={opened} onClose={close} title="No data found" centered size="sm">
      <Text size="sm">{data?.message ?? 'There is no data for the current selection.'}</Text>
      <Text size="sm" c="dimmed" mt="xs">
        {data?.suggestion ?? 'Try a longer date range, another market, or fewer filters.'}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={close} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
