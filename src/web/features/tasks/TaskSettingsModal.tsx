// Task settings for administrators: the positions a keyword must drop to raise a task, and the
// organisation's SMTP server for assignment and mention e-mails (password stored encrypted, never shown),
// with a test send that shows the server's answer.
import { useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { z } from 'zod';
import type { smtpSettings } from '@contracts/notifications';
import { DEFAULT_DROP_THRESHOLD, MAX_DROP_THRESHOLD } from '@core/tasks';
import { describeError } from '../../api/client';
import {
  useSaveSmtp,
  useSaveTaskSettings,
  useSmtpSettings,
  useTaskSettings,
  useTestSmtp,
} from '../../api/use-task-settings';
import { TableSkeleton } from '../../components/StateViews';

type Security = 'tls' | 'starttls' | 'none';

function SmtpForm({ stored }: { stored: z.output<typeof smtpSettings> }) {
  const save = useSaveSmtp();
  const test = useTestSmtp();
  const [host, setHost] = useState(stored.host ?? '');
  const [port, setPort] = useState<number | string>(stored.port ?? 587);
  const [security, setSecurity] = useState<Security>(stored.security ?? 'starttls');
  const [username, setUsername] = useState(stored.username ?? '');
  const [password, setPassword] = useState('');
  const [fromAddress, setFromAddress] = useState(stored.fromAddress ?? '');
  const [to, setTo] = useState('');
  return (
    <form
      aria-label="SMTP server"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          host,
          port: Number(port),
          security,
          username: username === '' ? null : username,
          // Empty: keep the stored password.
          ...(password !== '' && { password }),
          fromAddress,
        });
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Host" required value={host} onChange={(e) => setHost(e.currentTarget.value)} />
          <NumberInput label="Port" required min={1} max={65535} value={port} onChange={setPort} />
          <Select
            label="Security"
            allowDeselect={false}
            value={security}
            onChange={(v) => v && setSecurity(v as Security)}
            data={[
              { value: 'starttls', label: 'STARTTLS (587)' },
              { value: 'tls', label: 'TLS (465)' },
              { value: 'none', label: 'None (local relay)' },
            ]}
          />
          <TextInput
            label="Sender address"
            required
            value={fromAddress}
            onChange={(e) => setFromAddress(e.currentTarget.value)}
          />
          <TextInput
            label="User name"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            placeholder={stored.hasPassword ? 'Stored: leave empty to keep it' : ''}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </SimpleGrid>
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {describeError(save.error)}
          </Alert>
        )}
        {save.isSuccess && (
          <Text size="sm" c="teal" role="status">
            Saved.
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save SMTP server
          </Button>
        </Group>
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Send a test e-mail to"
            placeholder="you"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            loading={test.isPending}
            disabled={!stored.configured}
            onClick={() => test.mutate(to)}
          >
            Send test
          </Button>
        </Group>
        {test.isError && (
          <Alert color="red" variant="light" role="alert" title="The test e-mail was not sent">
            {describeError(test.error)}
          </Alert>
        )}
        {test.isSuccess && (
          <Text size="sm" c="teal" role="status">
            Sent to {test.data.accepted.join(', ')}; the server answered “{test.data.response}”.
          </Text>
        )}
      </Stack>
    </form>
  );
}

function ThresholdForm({ value }: { value: number }) {
  const save = useSaveTaskSettings();
  const [n, setN] = useState<number | string>(value);
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput
        label="Raise a task when a tracked keyword drops at least (positions)"
        min={1}
        max={MAX_DROP_THRESHOLD}
        value={n}
        onChange={setN}
        style={{ flex: 1 }}
        error={save.isError ? describeError(save.error) : undefined}
      />
      <Button variant="default" loading={save.isPending} onClick={() => save.mutate(Number(n))}>
        Save
      </Button>
    </Group>
  );
}

export function TaskSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const smtp = useSmtpSettings(opened);
  const tasks = useTaskSettings(opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Task settings" size="lg" centered>
      {smtp.isPending || tasks.isPending ? (
        <TableSkeleton rows={4} columns={2} />
      ) : smtp.isError || tasks.isError ? (
        <Alert color="red" variant="light" role="alert" title="Settings could not be loaded">
          {describeError(smtp.error ?? tasks.error)}
        </Alert>
      ) : (
        <Stack gap="md">
          <ThresholdForm value={tasks.data?.dropThreshold ?? DEFAULT_DROP_THRESHOLD} />
          <Divider label="E-mail for assignments and mentions" labelPosition="left" />
          <SmtpForm stored={smtp.data} />
        </Stack>
      )}
    </Modal>
  );
}
