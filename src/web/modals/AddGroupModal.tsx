// ADD_GROUP_MODAL: names a new domain group and picks its members from the domains handed in (or, given
// `initial`, edits an existing group's name and members); the caller's onSubmit saves it. The dialog stays
// open with the error shown if saving fails.
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { describeError } from '../api/client';
import { useModalSlot } from './use-modal-slot';

/** A group of one domain is that domain; a group needs at least two members. */
export const MIN_GROUP_MEMBERS = 2;

export function AddGroupModal() {
  const { opened, data, close } = useModalSlot('ADD_GROUP_MODAL');
  const [label, setLabel] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Each opening starts from its own data: an edited group's name and members, or nothing.
  const [seededFrom, setSeededFrom] = useState<typeof data>(undefined);
  if (opened && data !== seededFrom) {
    setSeededFrom(data);
    setLabel(data?.initial?.label ?? '');
    setMembers(data?.initial?.members ?? []);
    setAttempted(false);
    setFailure(null);
  }
  const editing = data?.initial !== undefined;

  const trimmed = label.trim();
  const taken = (data?.existingLabels ?? []).some((l) => l.toLowerCase() === trimmed.toLowerCase());
  const labelError =
    trimmed === '' ? 'Enter a name for the group' : taken ? 'A group with this name exists' : null;
  const membersError =
    members.length < MIN_GROUP_MEMBERS ? `Pick at least ${MIN_GROUP_MEMBERS} domains` : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!data || labelError || membersError) return;
    setSaving(true);
    setFailure(null);
    try {
      await data.onSubmit({ label: trimmed, members });
      close();
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? 'Edit domain group' : 'Add domain group'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Group name"
            placeholder="e.g. Retail competitors"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            error={attempted ? labelError : null}
            required
            data-autofocus
          />
          <Checkbox.Group
            label="Members"
            description="Results matching several members count once."
            value={members}
            onChange={setMembers}
            error={attempted ? membersError : null}
          >
            <ScrollArea.Autosize mah={260} mt="xs">
              <Stack gap={6}>
                {(data?.domains ?? []).map((d) => (
                  <Checkbox
                    key={d.value}
                    value={d.value}
                    label={
                      <Group gap={6} wrap="nowrap">
                        {d.color && <ColorSwatch color={d.color} size={10} withShadow={false} />}
                        <Text size="sm">{d.label}</Text>
                        {d.label !== d.value && (
                          <Text size="xs" c="dimmed">
                            {d.value}
                          </Text>
                        )}
                      </Group>
                    }
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
          {failure && (
            <Alert color="red" variant="light" title="The group was not saved">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Save group' : 'Add group'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
