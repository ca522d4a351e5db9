// TRY_THIS_FEATURE: introduces a feature the user has not used yet, with a link to it when there is one.
import { Badge, Button, Group, Modal, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useModalSlot } from './use-modal-slot';

export function TryThisFeatureModal() {
  const { opened, data, close } = useModalSlot('TRY_THIS_FEATURE');
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      title={
        <Group gap="xs">
          <Text fw={600}>{data?.feature}</Text>
          <Badge size="xs" variant="light">
            New
          </Badge>
        </Group>
      }
    >
      <Text size="sm">{data?.description}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          Not now
        </Button>
        {data?.href && (
          <Button component={Link} to={data.href} onClick={close} data-autofocus>
            Try {data.feature}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
