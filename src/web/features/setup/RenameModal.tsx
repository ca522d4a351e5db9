// A dialog that renames one thing (a project, a tag, a keyword group): the new name, the server's refusal
// (a name in use, an empty one) beside the field, and the dialog stays open until the rename succeeds.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { fieldError } from './setup-errors';

export function RenameModal({
  title,
  description,
  current,
  busy,
  error,
  onRename,
  onClose,
}: {
  title: string;
  description?: string;
  current: string;
  busy: boolean;
  error: unknown;
  /** Called with the trimmed new name when it differs from the current one. */
  onRename: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(current);
  // The refusal stands beside the name it was about, until the name is changed.
  const [sent, setSent] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === current) return onClose();
    setSent(name.trim());
    onRename(name.trim());
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="New name"
            description={description}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={sent === name.trim() ? fieldError(error) : null}
            maxLength={120}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={name.trim() === ''}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
