// Widgets about change between the range's first and last point date: visibility score lost and gained per
// target with the keywords behind it, and the competitors league of the market.
import { useMemo, useState } from 'react';
import { Badge, Group, SegmentedControl, Table, Text } from '@mantine/core';
import { useCvCompetitors, useCvVisibilityScoreLost } from '../../../api/use-campaign-visibility';
import { useFormat } from '../../../app/route-context';
import { PlacesMoved } from '../../../components/PlacesMoved';
import { LazyChart } from './LazyChart';
import { CHART_BASE, colourOf, round4, useCv } from '../cv-context';
import { widgetParams } from '../widget-catalog';
import { WidgetFrame, widgetState } from './WidgetFrame';
import type { ChartData } from './WidgetFrame';

export function ScoreLostGainedWidget() {
  const cv = useCv();
  const r = useCvVisibilityScoreLost(widgetParams('visibility-score-lost', cv.params));
  const format = useFormat();
  const data = r.data;
  const [target, setTarget] = useState<string | null>(null);
  const state = widgetState(r, (d) => d.items.length === 0 || d.startDate === null);
  const chart = useMemo(() => {
    if (!data) return null;
    const chartData: ChartData = {
      columns: ['target', 'lost', 'gained'],
      rows: data.items.map((t) => [t.key, round4(t.lost), round4(t.gained)]),
    };
    const option = {
      ...CHART_BASE,
      xAxis: { type: 'category', data: data.items.map((t) => t.label) },
      yAxis: { type: 'value', axisLabel: { formatter: format.compact } },
      series: [
        { name: 'Lost', type: 'bar', color: '#e03131', data: data.items.map((t) => -t.lost) },
        { name: 'Gained', type: 'bar', color: '#2f9e44', data: data.items.map((t) => t.gained) },
      ],
    };
    return { chartData, option };
  }, [data, format]);
  const chosen = data?.items.find((t) => t.key === target) ?? data?.items[0] ?? null;
  return (
    <WidgetFrame
      id="visibility-score-lost"
      title="Visibility score lost and gained"
      description={
        data?.startDate
          ? `From ${format.date(data.startDate)} to ${format.date(data.endDate)}, with the keywords behind it`
          : 'Between the first and last point date, with the keywords behind it'
      }
      state={state}
      error={r.error}
      onRetry={r.refetch}
      chartData={chart?.chartData}
      expanded={cv.expanded === 'visibility-score-lost'}
      onToggleExpand={() => cv.toggleExpanded('visibility-score-lost')}
    >
      {chart && <LazyChart option={chart.option} height={200} label="Visibility score lost and gained" />}
      {data && chosen && (
        <>
          <SegmentedControl
            size="xs"
            value={chosen.key}
            onChange={setTarget}
            data={data.items.map((t) => ({ value: t.key, label: t.label }))}
            aria-label="Target whose keywords are listed"
          />
          <Table fz="xs" striped aria-label={`Keywords behind the change of ${chosen.label}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Keyword</Table.Th>
                <Table.Th ta="right">Search volume</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...chosen.lostKeywords, ...chosen.gainedKeywords].map((k) => (
                <Table.Tr key={`${k.keywordId}:${k.change}`}>
                  <Table.Td>{k.keyword}</Table.Td>
                  <Table.Td ta="right">{format.integer(k.searchVolume)}</Table.Td>
                  <Table.Td ta="right" c={k.change < 0 ? 'red' : 'teal'}>
                    {k.change > 0 ? '+' : ''}
                    {format.number(k.change, { maximumFractionDigits: 1 })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </WidgetFrame>
  );
}

export function CompetitorsWidget() {
  const cv = useCv();
  const r = useCvCompetitors(widgetParams('competitors-league', cv.params));
  const format = useFormat();
  const data = r.data;
  const state = widgetState(r, (d) => d.items.length === 0);
  const chartData = useMemo<ChartData | null>(
    () =>
      data
        ? {
            columns: ['rank', 'domain', 'visibilityScore', 'share', 'rankChange'],
            rows: data.items.map((c) => [
              c.rank,
              c.domain,
              round4(c.visibilityScore),
              round4(c.share),
              c.rankChange,
            ]),
          }
        : null,
    [data],
  );
  return (
    <WidgetFrame
      id="competitors-league"
      title="Competitors league"
      description={
        data
          ? `Top domains of the market by visibility score, of ${format.integer(data.total)} ranking`
          : undefined
      }
      state={state}
      error={r.error}
      onRetry={r.refetch}
      chartData={chartData}
      expanded={cv.expanded === 'competitors-league'}
      onToggleExpand={() => cv.toggleExpanded('competitors-league')}
    >
      {data && (
        // Scrolls inside the widget when its columns do not fit the card, never spilling over the next one;
        // a phone's card (about 320 px inside, at 390 px) holds all four columns, long domains wrapping.
        <Table.ScrollContainer minWidth={290} type="native">
          <Table fz="sm" highlightOnHover aria-label="Competitors league">
            <Table.Thead>
              <Table.Tr>
                {/* Each change sits under its figure, so the league fits a half-width card at 1280 px. */}
                <Table.Th w={44} title="Rank, and its change since the range's start">
                  #
                </Table.Th>
                <Table.Th>Domain</Table.Th>
                <Table.Th ta="right" title="Visibility score, and its change since the range's start">
                  Visibility score
                </Table.Th>
                <Table.Th ta="right">Share</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((c) => (
                <Table.Tr key={c.domain}>
                  <Table.Td>
                    <Text size="sm">{c.rank}</Text>
                    <PlacesMoved up={c.rankChange} format={format} size="xs" />
                  </Table.Td>
                  <Table.Td>
                    {/* The tracked domain's badge goes under the domain when the column is narrow. */}
                    <Group gap={4} wrap="wrap">
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {c.domain}
                      </Text>
                      {c.tracked && (
                        <Badge
                          size="xs"
                          variant="dot"
                          color={colourOf(c.tracked)}
                          tt="none"
                          style={{ flexShrink: 0 }}
                        >
                          {c.tracked.label}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{format.integer(c.visibilityScore)}</Text>
                    <Text size="xs" c={c.visibilityScoreDeltas.delta < 0 ? 'red' : 'teal'}>
                      {format.percent(c.visibilityScoreDeltas.percentageDelta)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{format.percent(c.share)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </WidgetFrame>
  );
}
