// The small "i" button beside a table title that opens TABLE_GLOSSARY for that table.
import { ActionIcon, Tooltip } from '@mantine/core';
import type { GlossaryName } from '../modals/glossaries';
import { useModalStore } from '../modals/modal-store';
import { InfoIcon } from './icons';

export function GlossaryButton({ storeName, label }: { storeName: GlossaryName; label: string }) {
  const open = useModalStore((s) => s.open);
  return (
    <Tooltip label="What the columns mean">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={`${label}: what the columns mean`}
        onClick={() => open('TABLE_GLOSSARY', { storeName })}
      >
        <InfoIcon size={15} />
      </ActionIcon>
    </Tooltip>
  );
}
