// The limited summary a demo visitor sees: headline figures, the visibility series and the top keywords,
// followed by the parts kept for signed-in analysts (full tables, competitors, CSV exports), each offering
// the TRY_THIS_FEATURE dialog instead of data.
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { DemoSummary } from '@contracts/demo';
import { useFormat } from '../../app/route-context';
import { useModalStore } from '../../modals/modal-store';
import { LazyChart } from '../campaign-visibility/widgets/LazyChart';

/** What the demo leaves out, as offered in the TRY_THIS_FEATURE dialog. */
export const LOCKED_FEATURES = [
  {
    feature: 'Keyword and URL tables',
    description:
      'Every keyword and URL the site ranks for, with positions, search volumes and changes over time, sortable and filterable.',
  },
  {
    feature: 'Competitors',
    description: 'The domains competing for the same keywords, with their visibility and share.',
  },
  {
    feature: 'CSV exports',
    description: 'Download any table as CSV, filed under a campaign, for your own analysis and reports.',
  },
] as const;

function Figure({ label, value, change }: { label: string; value: string; change: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={600}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {change} over the range
      </Text>
    </Card>
  );
}

export function DemoResult({ data }: { data: DemoSummary }) {
  const f = useFormat();
  const open = useModalStore((s) => s.open);
  const signed = (v: number, fmt: (x: number) => string) => `${v >= 0 ? '+' : '−'}${fmt(Math.abs(v))}`;
  const whole = (x: number) => f.number(x, { maximumFractionDigits: 0 });
  return (
    <Stack gap="md" aria-label={`Demo summary of ${data.host.value}`} component="section">
      <Title order={2} fz={18}>
        {data.host.value} in {data.market}, {f.date(data.startDate)} – {f.date(data.endDate)}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure
          label="Visibility score (est. monthly clicks)"
          value={whole(data.visibilityScore)}
          change={signed(data.visibilityScoreDeltas.delta, whole)}
        />
        <Figure
          label="Visibility"
          value={f.percent(data.visibility, 3)}
          change={signed(data.visibilityDeltas.delta, (x) => f.percent(x, 3))}
        />
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">
            Ranking keywords
          </Text>
          <Text fz={22} fw={600}>
            {f.integer(data.rankingKeywords)}
          </Text>
          <Text size="xs" c="dimmed">
            on {f.date(data.date)}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="sm">
        <Title order={3} fz={15} fw={600} mb="xs">
          Visibility over time
        </Title>
        <LazyChart
          height={220}
          label={`Visibility of ${data.host.value}`}
          option={{
            tooltip: { trigger: 'axis' },
            grid: { left: 48, right: 16, top: 16, bottom: 32 },
            xAxis: { type: 'category', data: data.series.map((p) => f.date(p.date)) },
            yAxis: { type: 'value', axisLabel: { formatter: '{value} %' } },
            series: [
              {
                type: 'line',
                name: 'Visibility %',
                data: data.series.map((p) => Number(p.visibility.toFixed(4))),
              },
            ],
          }}
        />
      </Card>
      <Card withBorder padding="sm">
        <Title order={3} fz={15} fw={600} mb="xs">
          Top keywords
        </Title>
        <Table aria-label="Top keywords" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Keyword</Table.Th>
              <Table.Th ta="right">Position</Table.Th>
              <Table.Th ta="right">Search volume</Table.Th>
              <Table.Th ta="right">Visibility score</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.topKeywords.map((k) => (
              <Table.Tr key={k.keyword}>
                <Table.Td>{k.keyword}</Table.Td>
                <Table.Td ta="right">{f.integer(k.position)}</Table.Td>
                <Table.Td ta="right">{k.searchVolume === null ? '—' : f.integer(k.searchVolume)}</Table.Td>
                <Table.Td ta="right">{f.number(k.visibilityScore, { maximumFractionDigits: 1 })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {LOCKED_FEATURES.map((l) => (
          <Card key={l.feature} withBorder padding="sm" bg="gray.0">
            <Text fw={600} size="sm">
              {l.feature}
            </Text>
            <Text size="xs" c="dimmed" mb="xs">
              For signed-in analysts.
            </Text>
            <Group>
              <Button
                size="xs"
                variant="light"
                onClick={() => open('TRY_THIS_FEATURE', { ...l, href: '/login' })}
              >
                Try this feature
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
