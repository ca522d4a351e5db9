// The file picker of the import screen: drop files on the area, or choose them with the button; chosen files
// are listed with their sizes and can be removed one by one.
import { useState } from 'react';
import type { DragEvent } from 'react';
import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useFormat } from '../../app/route-context';
import { TrashIcon } from '../../components/icons';
import { formatBytes } from './import-text';
import classes from './DropZone.module.css';

function UploadIcon() {
  return (
    <svg
      width={28}
      height={28}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      aria-hidden
    >
      <path d="M12 16V4m-5 5 5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
    </svg>
  );
}

export function DropZone({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled: boolean;
}) {
  const format = useFormat();
  const [over, setOver] = useState(false);
  const add = (more: File[]) => {
    const names = new Set(files.map((f) => f.name));
    onChange([...files, ...more.filter((f) => !names.has(f.name))]);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) add(Array.from(e.dataTransfer.files));
  };
  return (
    <Stack gap="xs">
      <div
        className={`${classes.zone} ${over ? classes.active : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="import-dropzone"
      >
        <Stack gap={6} align="center">
          <Text c="dimmed">
            <UploadIcon />
          </Text>
          <Text size="sm" fw={500}>
            Drop files here
          </Text>
          <Text size="xs" c="dimmed">
            CSV, TSV or JSON files, or a Search Console export as a .zip
          </Text>
          <FileButton onChange={add} multiple disabled={disabled}>
            {(props) => (
              <Button {...props} variant="default" size="xs" mt={4}>
                Choose files
              </Button>
            )}
          </FileButton>
        </Stack>
      </div>
      {files.length > 0 && (
        <Stack gap={4} aria-label="Chosen files">
          {files.map((f) => (
            <Group key={f.name} justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {f.name}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed" ff="monospace">
                  {formatBytes(f.size, format)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Remove ${f.name}`}
                  disabled={disabled}
                  onClick={() => onChange(files.filter((x) => x !== f))}
                >
                  <TrashIcon size={14} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
