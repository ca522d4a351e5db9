// The domain summary of the explorer: headline figures with their change over the range, the visibility
// series (with the organisation-wide annotations), rank ranges, result types, top keywords, top URLs and
// competitors (GET …/domains).
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { VeDomainsResponse } from '@contracts/visibility-explorer';
import { useAnnotations } from '../../api/use-annotations';
import { useFormat } from '../../app/route-context';
import { withAnnotationMarks } from '../../components/annotation-marks';
import { LazyChart } from '../campaign-visibility/widgets/LazyChart';

type Summary = VeDomainsResponse;

function Figure({ label, value, change }: { label: string; value: string; change?: string | null }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={600}>
        {value}
      </Text>
      {change && (
        <Text size="xs" c="dimmed">
          {change} over the range
        </Text>
      )}
    </Card>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Title order={2} fz={15} fw={600} mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function ExplorerSummary({ data }: { data: Summary }) {
  const f = useFormat();
  const annotations = useAnnotations(null).data;
  const signed = (v: number, fmt: (x: number) => string) => `${v >= 0 ? '+' : '−'}${fmt(Math.abs(v))}`;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure
          label="Visibility score (est. monthly clicks)"
          value={f.number(data.visibilityScore, { maximumFractionDigits: 0 })}
          change={signed(data.visibilityScoreDeltas.delta, (x) => f.number(x, { maximumFractionDigits: 0 }))}
        />
        <Figure
          label="Visibility"
          value={f.percent(data.visibility, 3)}
          change={signed(data.visibilityDeltas.delta, (x) => f.percent(x, 3))}
        />
        <Figure label="Share on its keywords" value={f.percent(data.share, 1)} />
        <Figure
          label={`Ranking keywords of ${f.integer(data.keywords)}`}
          value={f.integer(data.rankingKeywords)}
        />
      </SimpleGrid>
      <Section title="Visibility over time">
        <LazyChart
          height={240}
          label={`Visibility of ${data.host.value}`}
          option={withAnnotationMarks(
            {
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
            },
            annotations,
            data.series.map((p) => p.date),
          )}
        />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Rank ranges">
          <Table>
            <Table.Tbody>
              {data.rankRanges.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>Positions {r.key}</Table.Td>
                  <Table.Td ta="right">{f.integer(r.keywords)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
        <Section title="Result types">
          {data.resultTypes.length === 0 ? (
            <Text size="sm" c="dimmed">
              No visibility in the range.
            </Text>
          ) : (
            <Group gap="xs">
              {data.resultTypes.map((t) => (
                <Badge key={t.resultType} variant="light">
                  {t.resultType.replaceAll('_', ' ')} {f.percent(t.share, 1)}
                </Badge>
              ))}
            </Group>
          )}
        </Section>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <Section title="Top keywords">
          <Table aria-label="Top keywords">
            <Table.Tbody>
              {data.topKeywords.map((k) => (
                <Table.Tr key={k.keyword}>
                  <Table.Td>{k.keyword}</Table.Td>
                  <Table.Td ta="right">#{k.position}</Table.Td>
                  <Table.Td ta="right">{f.number(k.visibilityScore, { maximumFractionDigits: 1 })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
        <Section title="Top URLs">
          <Table aria-label="Top URLs">
            <Table.Tbody>
              {data.topUrls.map((u) => (
                <Table.Tr key={u.url}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{u.url}</Table.Td>
                  <Table.Td ta="right">{f.integer(u.keywords)} kw</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
        <Section title="Competitors in the market">
          <Table aria-label="Competitors">
            <Table.Tbody>
              {data.competitors.map((c) => (
                <Table.Tr key={c.domain}>
                  <Table.Td>{c.domain}</Table.Td>
                  <Table.Td ta="right">{f.percent(c.share, 1)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
