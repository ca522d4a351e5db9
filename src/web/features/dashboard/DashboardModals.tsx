// The dashboard dialogs: name a new dashboard (private or shared with the organisation) or rename one, and
// confirm a delete. A refused name shows the server's message (what is wrong and how to fix it).
import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { Dashboard } from '@contracts/dashboards';
import { isApiError } from '../../api/client';
import { useCreateDashboard } from '../../api/use-dashboards';

export function NameDashboardModal({
  mode,
  initialName,
  onClose,
  onRenamed,
  onCreated,
}: {
  mode: 'rename' | 'new';
  initialName: string;
  onClose: () => void;
  onRenamed: (name: string) => void;
  onCreated: (d: Dashboard) => void;
}) {
  const [name, setName] = useState(initialName);
  const [visibility, setVisibility] = useState<'private' | 'shared'>('private');
  const create = useCreateDashboard();
  const error = create.error;
  const submit = () => {
    if (name.trim() === '') return;
    if (mode === 'rename') {
      onRenamed(name);
      onClose();
      return;
    }
    create.mutate(
      { name, visibility },
      {
        onSuccess: (d) => {
          onCreated(d);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={mode === 'rename' ? 'Rename dashboard' : 'New dashboard'}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={120}
            required
            data-autofocus
          />
          {mode === 'new' && (
            <SegmentedControl
              aria-label="Who sees it"
              value={visibility}
              onChange={(v) => setVisibility(v === 'shared' ? 'shared' : 'private')}
              data={[
                { value: 'private', label: 'Only me' },
                { value: 'shared', label: 'Everyone in the organisation' },
              ]}
            />
          )}
          {error && (
            <Text size="sm" c="red" role="alert">
              {isApiError(error) ? (error.serverMessage ?? error.message) : String(error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
              {mode === 'rename' ? 'Rename' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function DeleteDashboardModal({
  name,
  onClose,
  onConfirm,
}: {
  name: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title="Delete dashboard">
      <Stack gap="sm">
        <Text size="sm">
          Delete “{name}” and its widgets? The data they show stays; only this arrangement goes.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
