// The HTML legend under a chart (chart-legend.ts): every series as a toggle button with its colour, wrapped
// onto lines and scrolled inside at most three lines, so a chart of 25 domains lists all 25.
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { LegendEntry } from './chart-legend';

/** At most three lines of entries (px) before the list scrolls. */
const MAX_HEIGHT = 72;

export function ChartLegend({
  entries,
  shown,
  onToggle,
  label,
}: {
  entries: readonly LegendEntry[];
  shown: (name: string) => boolean;
  onToggle: (name: string) => void;
  label: string;
}) {
  return (
    <Box
      role="group"
      aria-label={`Legend of ${label}`}
      mah={MAX_HEIGHT}
      style={{ overflowY: 'auto' }}
      mt={4}
      data-chart-legend
    >
      <Group gap={4} justify="center">
        {entries.map((e) => {
          const on = shown(e.name);
          return (
            <UnstyledButton
              key={e.name}
              aria-pressed={on}
              title={on ? `Hide ${e.name} on the chart` : `Show ${e.name} on the chart`}
              onClick={() => onToggle(e.name)}
              px={6}
              py={2}
              style={{ borderRadius: 4, opacity: on ? 1 : 0.45 }}
            >
              <Group gap={6} wrap="nowrap">
                <Box
                  data-swatch
                  w={10}
                  h={10}
                  style={{
                    borderRadius: 2,
                    background: on ? e.color : 'transparent',
                    borderWidth: 2,
                    borderStyle: 'solid',
                    borderColor: e.color,
                  }}
                />
                <Text size="xs" td={on ? undefined : 'line-through'}>
                  {e.name}
                </Text>
              </Group>
            </UnstyledButton>
          );
        })}
      </Group>
    </Box>
  );
}
