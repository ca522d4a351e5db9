// A table row whose first cell opens a detail row under it: a real button (Tab reaches it, Enter or Space
// toggles it, aria-expanded says its state, aria-controls names the detail row).
import { Fragment, useState } from 'react';
import type { ReactNode } from 'react';
import { Table, UnstyledButton } from '@mantine/core';

export function ExpandableRow({
  id,
  label,
  what,
  columns,
  cells,
  detail,
}: {
  /** Id of the detail row. */
  id: string;
  /** The first cell's text. */
  label: string;
  /** What the detail shows, for the button's accessible name ("the keywords of …"). */
  what: string;
  columns: number;
  cells: ReactNode;
  detail: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>
          <UnstyledButton
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={id}
            aria-label={`${open ? 'Hide' : 'Show'} ${what} ${label}`}
            fw={500}
          >
            <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
            {label}
          </UnstyledButton>
        </Table.Td>
        {cells}
      </Table.Tr>
      {open && (
        <Table.Tr id={id}>
          <Table.Td colSpan={columns} bg="var(--mantine-color-gray-0)">
            {detail}
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}
