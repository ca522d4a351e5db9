// A host of the market-share screen with why it is listed: the organisation's own domain, a tracked
// competitor, or the host of the address (highlighted).
import { Badge, Group, Text } from '@mantine/core';

export interface HostFlags {
  host: string;
  leader: boolean;
  tracked: boolean;
  own: boolean;
  selected: boolean;
}

export function HostLabel({ h }: { h: HostFlags }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text span size="sm" fw={h.own || h.selected ? 600 : undefined}>
        {h.host}
      </Text>
      {h.own && (
        <Badge size="xs" variant="light" color="teal">
          yours
        </Badge>
      )}
      {h.tracked && !h.own && (
        <Badge size="xs" variant="light" color="gray">
          tracked
        </Badge>
      )}
      {h.selected && (
        <Badge size="xs" variant="filled" color="orange">
          highlighted
        </Badge>
      )}
    </Group>
  );
}
