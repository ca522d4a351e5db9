// The state of something that works until it expires or is revoked (share links, API tokens), as a badge.
import { Badge } from '@mantine/core';

export type LifeStatus = 'active' | 'expired' | 'revoked';

const COLOURS: Record<LifeStatus, string> = {
  active: 'teal',
  expired: 'gray',
  revoked: 'red',
};

export function LifeStatusBadge({ status }: { status: LifeStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light">
      {status}
    </Badge>
  );
}
