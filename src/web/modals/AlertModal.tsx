// ALERT_MODAL: a message with a title, text and style (tone or colour), acknowledged with one button.
import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { AlertIcon, CheckIcon, InfoIcon } from '../components/icons';
import { useModalSlot } from './use-modal-slot';

const TONES: Record<'info' | 'success' | 'warning' | 'danger', MantineColor> = {
  info: 'blue',
  success: 'teal',
  warning: 'yellow',
  danger: 'red',
};

export function AlertModal() {
  const { opened, data, close } = useModalSlot('ALERT_MODAL');
  const tone = data?.styles?.tone ?? 'info';
  const color = data?.styles?.color ?? TONES[tone];
  const Icon = tone === 'success' ? CheckIcon : tone === 'info' ? InfoIcon : AlertIcon;
  return (
    <Modal opened={opened} onClose={close} title={data?.title} centered size="sm">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon color={color} variant="light" radius="xl" size="md">
          <Icon size={16} />
        </ThemeIcon>
        <Text size="sm" style={{ flex: 1 }}>
          {data?.text}
        </Text>
      </Group>
      <Group justify="flex-end" mt="lg">
        <Button color={color} onClick={close} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
