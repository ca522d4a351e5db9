// One keyword in depth (issue 29 item 2): every tracked domain's position history as a chart (lower is
// better, so the axis is inverted) with the campaign's annotations as marks, the whole stored SERP at any
// snapshot (positions in both kinds, result types, titles; tracked domains highlighted), the ranking-URL
// changes and the cannibalisation conflicts between the compared dates.
import { useMemo, useState } from 'react';
import { Badge, Drawer, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import type { RtKeywordResponse } from '@contracts/rank-tracking';
import { RESULT_TYPE_LABELS } from '@core/result-types';
import { useAnnotations } from '../../api/use-annotations';
import { useRtKeyword, type RtSelection } from '../../api/use-rank-tracking';
import { EChart } from '../../components/EChart';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';

function historyOption(k: RtKeywordResponse, notes: { date: string; title: string }[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: {},
    grid: { left: 36, right: 12, top: 12, bottom: 24 },
    xAxis: { type: 'category', data: k.points },
    yAxis: { type: 'value', inverse: true, min: 1, name: 'position' },
    series: k.targets.map((t, i) => ({
      name: t.label,
      type: 'line',
      connectNulls: false,
      color: t.color,
      data: k.history[i]?.positions ?? [],
      ...(i === 0 && notes.length > 0
        ? {
            markLine: {
              symbol: 'none',
              label: { formatter: '{b}', fontSize: 10 },
              data: notes
                .filter((n) => k.points.includes(n.date))
                .map((n) => ({ xAxis: n.date, name: n.title })),
            },
          }
        : {}),
    })),
  };
}

function Body({
  k,
  date,
  setDate,
  campaign,
}: {
  k: RtKeywordResponse;
  date: string | null;
  setDate: (d: string | null) => void;
  campaign: number;
}) {
  const annotations = useAnnotations(campaign);
  const notes = useMemo(
    () => (annotations.data ?? []).map((a) => ({ date: a.date, title: a.title })),
    [annotations.data],
  );
  const option = useMemo(() => historyOption(k, notes), [k, notes]);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Volume {k.volume ?? 'unknown'} · tags {k.tags.join(', ') || '–'} · groups {k.groups.join(', ') || '–'}{' '}
        · {k.positionKind} positions
      </Text>
      <EChart option={option} height={220} label={`Position history of ${k.keyword}`} />
      {notes.length > 0 && (
        <Text size="xs" c="dimmed">
          Annotations: {notes.map((n) => `${n.date} ${n.title}`).join(' · ')}
        </Text>
      )}
      <Title order={3} fz={15}>
        URL changes and conflicts
      </Title>
      {k.urlChanges.length === 0 && k.conflicts.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: each domain ranked one URL at a time.
        </Text>
      ) : (
        <Stack gap={2}>
          {k.urlChanges.map((c) => (
            <Text key={`u${c.target}${c.date}`} size="xs" style={{ overflowWrap: 'anywhere' }}>
              {c.date} · {k.targets[c.target]?.label}: {c.from} → {c.to}
            </Text>
          ))}
          {k.conflicts
            .filter((c) => c.kind === 'multiple')
            .map((c) => (
              <Text key={`m${c.target}${c.date}`} size="xs" style={{ overflowWrap: 'anywhere' }}>
                {c.date} · {k.targets[c.target]?.label}: {c.urls.length} URLs rank — {c.urls.join(', ')}
              </Text>
            ))}
        </Stack>
      )}
      <Group justify="space-between" align="flex-end">
        <Title order={3} fz={15}>
          The stored SERP
        </Title>
        <Select
          label="Snapshot"
          size="xs"
          data={[...k.points].reverse()}
          value={date ?? k.date}
          onChange={setDate}
          w={150}
        />
      </Group>
      {k.serp.length === 0 ? (
        <Text size="sm" c="dimmed">
          No results stored for this snapshot.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped fz="xs" aria-label={`SERP of ${k.keyword} on ${k.date ?? ''}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pos.</Table.Th>
                <Table.Th>Classic</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {k.serp.map((r) => (
                <Table.Tr key={`${r.position}${r.url}`} fw={r.target === null ? undefined : 600}>
                  <Table.Td>{r.position}</Table.Td>
                  <Table.Td>{r.classic ?? '–'}</Table.Td>
                  <Table.Td>{RESULT_TYPE_LABELS[r.resultType]}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {r.target !== null && (
                      <Badge size="xs" mr={4} color={k.targets[r.target]?.color}>
                        {k.targets[r.target]?.label}
                      </Badge>
                    )}
                    {r.title ?? r.domain}
                    <Text size="xs" c="dimmed">
                      {r.url}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function KeywordDrawer({
  campaign,
  keyword,
  selection,
  onClose,
}: {
  campaign: number;
  keyword: { id: number; text: string } | null;
  selection: RtSelection;
  onClose: () => void;
}) {
  const [date, setDate] = useState<string | null>(null);
  const result = useRtKeyword(campaign, keyword?.id ?? null, selection, date);
  const close = () => {
    setDate(null);
    onClose();
  };
  return (
    <Drawer opened={keyword !== null} onClose={close} position="right" size="xl" title={keyword?.text ?? ''}>
      {keyword === null ? null : result.isPending ? (
        <TableSkeleton />
      ) : result.isError ? (
        <ErrorView
          title="This keyword could not be loaded"
          error={result.error}
          onRetry={() => void result.refetch()}
        />
      ) : result.data.points.length === 0 ? (
        <EmptyView title="No rankings yet">This keyword has no stored snapshot up to the end date.</EmptyView>
      ) : (
        <Body k={result.data} date={date} setDate={setDate} campaign={campaign} />
      )}
    </Drawer>
  );
}
