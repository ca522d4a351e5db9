// Small cells of the rank-tracking views: a position (– when not ranking), a change (▲ up in green, ▼ down
// in red; a change is places moved up) and a ranking URL without its scheme, marked when it changed.
import { Text } from '@mantine/core';

export function PositionText({ value }: { value: number | null }) {
  return (
    <Text span fw={600} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value ?? '–'}
    </Text>
  );
}

export function ChangeText({ value }: { value: number | null }) {
  if (value === null || value === 0)
    return (
      <Text span size="xs" c="dimmed">
        {value === 0 ? '=' : ''}
      </Text>
    );
  return (
    <Text
      span
      size="xs"
      c={value > 0 ? 'teal.8' : 'red.8'}
      aria-label={value > 0 ? `up ${value}` : `down ${-value}`}
    >
      {value > 0 ? `▲${value}` : `▼${-value}`}
    </Text>
  );
}

export function UrlText({ url, changed }: { url: string | null; changed: boolean }) {
  if (url === null) return null;
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} title={url}>
      {changed && (
        <Text span size="xs" c="orange.8" fw={600}>
          new URL{' '}
        </Text>
      )}
      {url.replace(/^https?:\/\//u, '')}
    </Text>
  );
}
