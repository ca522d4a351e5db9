// Loading, empty, error and no-access views, so every screen says the same kind of thing the same way:
// skeletons while loading, what to do when empty, what happened and what to do on error.
import type { ReactNode } from 'react';
import { Button, Code, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { describeError, isApiError } from '../api/client';
import { AlertIcon, InfoIcon } from './icons';

/** Rows of grey bars shaped like a table. */
export function TableSkeleton({ rows = 6, columns = 5 }: { rows?: number; columns?: number }) {
  return (
    <Stack gap={10} aria-busy="true" aria-label="Loading">
      <Skeleton height={14} width="40%" />
      {Array.from({ length: rows }, (_, r) => (
        <div
          key={r}
          style={{ display: 'grid', gridTemplateColumns: `2fr repeat(${columns - 1}, 1fr)`, gap: 16 }}
        >
          {Array.from({ length: columns }, (_, c) => (
            <Skeleton key={c} height={12} />
          ))}
        </div>
      ))}
    </Stack>
  );
}

/** Boxes shaped like a row of figure cards. */
export function CardsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${count}, 1fr)`, gap: 12 }} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={72} radius="sm" />
      ))}
    </div>
  );
}

export function EmptyView({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <EmptyState
      py="xl"
      size="sm"
      withIndicatorBackground
      icon={<InfoIcon size={20} />}
      title={title}
      description={children}
    >
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}

/** What went wrong (the server's words when it gave any), what to do next, and a retry when possible. */
export function ErrorView({
  title,
  error,
  onRetry,
  advice,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  advice?: ReactNode;
}) {
  const api = isApiError(error) ? error : null;
  const defaultAdvice =
    api?.kind === 'network' || api?.kind === 'timeout'
      ? 'Check your connection and that the Sightline server is running, then try again.'
      : api?.status === 403
        ? 'Ask an administrator of your organisation for access.'
        : api?.status === 404
          ? 'It may have been deleted, or the address is wrong.'
          : 'Try again; if it keeps failing, give your administrator the request id below.';
  return (
    <Paper withBorder p="lg" role="alert">
      <EmptyState size="sm" variant="light" color="red" icon={<AlertIcon size={20} />} title={title}>
        <Stack gap={4} align="center" mt={4}>
          <Text size="sm">{describeError(error)}</Text>
          <Text size="sm" c="dimmed">
            {advice ?? defaultAdvice}
          </Text>
          {api && (
            <Text size="xs" c="dimmed">
              {api.message} · request id <Code>{api.requestId}</Code>
            </Text>
          )}
        </Stack>
        {onRetry && (
          <EmptyState.Actions>
            <Button size="xs" variant="default" onClick={onRetry}>
              Try again
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Paper>
  );
}
