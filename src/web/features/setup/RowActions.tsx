// The buttons at the end of a set-up table's row (Edit, Rename, Remove, Delete …): compact text buttons, a
// destructive one in red, each with an accessible name that says which row it acts on.
import { Button, Group } from '@mantine/core';

export interface RowAction {
  label: string;
  /** The accessible name, naming the row (`Delete tag brand`). */
  name: string;
  onClick: () => void;
  danger?: boolean;
}

/** Width of an actions column holding two buttons. */
export const ROW_ACTIONS_WIDTH = 140;

export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {actions.map((a) => (
        <Button
          key={a.label}
          size="compact-xs"
          variant="subtle"
          color={a.danger ? 'red' : undefined}
          onClick={a.onClick}
          aria-label={a.name}
        >
          {a.label}
        </Button>
      ))}
    </Group>
  );
}
