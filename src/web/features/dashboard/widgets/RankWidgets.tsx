// The rank-tracking widgets of the library, each over a campaign and the widget's range: the rank table's
// top rows (the Rank Tracking screen's first page as it opens — sorted by change, most gained first — read
// through its own table endpoint, only the first RANK_TABLE_ROWS rows; the focus domain's position, change
// and best position per keyword) and the Tag Analysis matrix (tags × tracked domains, share of visibility
// at the range's end with its change, drawn by the screen's own Matrix). A widget's domain filter picks the
// focus domain (the first picked) or the matrix's columns; its tag filter narrows the keywords (every tag)
// or the matrix's rows.
import { useMemo } from 'react';
import { Table, Text } from '@mantine/core';
import type { WidgetFilters } from '@contracts/dashboards';
import type { TaResponse } from '@contracts/tag-analysis';
import { RT_DEFAULT_SELECTION, useRtTable } from '../../../api/use-rank-tracking';
import type { RtSelection } from '../../../api/use-rank-tracking';
import { useTagAnalysis } from '../../../api/use-tag-analysis';
import { WidgetFrame } from '../../campaign-visibility/widgets/WidgetFrame';
import { ChangeText, PositionText } from '../../rank-tracking/rt-cells';
import { Matrix } from '../../tag-analysis/TagAnalysisPage';
import { queryState } from './ScopeWidgets';

/** Rows of the rank table a widget shows: a glance, the screen holds the rest. */
export const RANK_TABLE_ROWS = 15;

interface CampaignWidgetProps {
  id: string;
  campaign: number;
  filters: WidgetFilters;
  startDate: string;
  endDate: string;
}

export function RankTableWidget({ id, campaign, filters, startDate, endDate }: CampaignWidgetProps) {
  const selection = useMemo<RtSelection>(
    () => ({
      ...RT_DEFAULT_SELECTION,
      startDate,
      endDate,
      focus: filters.domains[0] ?? null,
      tags: filters.tags,
      // As every campaign widget reads its tags: a keyword carries each one picked.
      tagsMatch: 'all',
    }),
    [startDate, endDate, filters],
  );
  const q = useRtTable(campaign, selection, 1, RANK_TABLE_ROWS);
  const data = q.data;
  const state = queryState(q, (d) => d.rows.length === 0 || d.targets.length === 0);
  const focus = data?.targets[data.focus];
  return (
    <WidgetFrame
      id={id}
      title={focus ? `Rank table · ${focus.label}` : 'Rank table'}
      description={
        data?.dates
          ? `Top ${Math.min(RANK_TABLE_ROWS, data.rows.length)} of ${data.total} keywords by change since ${data.dates.start}; position at ${data.dates.end}`
          : 'The keywords that moved most, with position, change and best position'
      }
      state={state}
      error={q.error}
      onRetry={() => void q.refetch()}
      emptyText="No keyword of the campaign has a snapshot in this range: widen the range or change the tags."
      chartData={
        data && focus
          ? {
              columns: ['keyword', 'position', 'change', 'best'],
              rows: data.rows.map((r) => {
                const c = r.cells[data.focus]!;
                return [r.keyword, c.position, c.change, c.best];
              }),
            }
          : null
      }
    >
      {data && (
        <Table striped fz="sm" aria-label="Rank table extract">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Keyword</Table.Th>
              <Table.Th ta="right">Position</Table.Th>
              <Table.Th ta="right">Change</Table.Th>
              <Table.Th ta="right">Best</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((r) => {
              const c = r.cells[data.focus]!;
              return (
                <Table.Tr key={r.keywordId}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.keyword}</Table.Td>
                  <Table.Td ta="right">
                    <PositionText value={c.position} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <ChangeText value={c.change} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text span size="sm" title={c.bestDate ?? undefined}>
                      {c.best ?? '–'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </WidgetFrame>
  );
}

/** The matrix narrowed to the picked tags (rows) and tracked domains (columns); none picked keeps all. */
function narrowed(data: TaResponse, filters: WidgetFilters): TaResponse {
  const keep = data.targets.map((t) => filters.domains.length === 0 || filters.domains.includes(t.key));
  return {
    ...data,
    targets: data.targets.filter((_, i) => keep[i]),
    labels: data.labels
      .filter((l) => filters.tags.length === 0 || filters.tags.includes(l.label))
      .map((l) => ({ ...l, targets: l.targets.filter((_, i) => keep[i]) })),
  };
}

export function TagMatrixWidget({ id, campaign, filters, startDate, endDate }: CampaignWidgetProps) {
  const q = useTagAnalysis(campaign, { kind: 'tags', startDate, endDate });
  const data = useMemo(() => (q.data ? narrowed(q.data, filters) : undefined), [q.data, filters]);
  const state = q.isError
    ? 'error'
    : data === undefined
      ? 'loading'
      : data.labels.length === 0 || data.targets.length === 0
        ? 'empty'
        : 'ready';
  return (
    <WidgetFrame
      id={id}
      title="Tag matrix"
      description={
        data?.dates
          ? `Share of visibility per tag and tracked domain at ${data.dates.end}, change since ${data.dates.start}`
          : 'Share of visibility per tag and tracked domain, with its change'
      }
      state={state}
      error={q.error}
      onRetry={() => void q.refetch()}
      emptyText="No tagged keyword has rankings in this range: tag the campaign's keywords or widen the range."
      chartData={
        data
          ? {
              columns: ['tag', 'keywords', ...data.targets.map((t) => t.key)],
              rows: data.labels.map((l) => [l.label, l.keywords, ...l.targets.map((c) => c.end.share)]),
            }
          : null
      }
    >
      {data && <Matrix data={data} measure="share" selected={null} />}
    </WidgetFrame>
  );
}
