// Calibration (issue 30 item 6) on the CTR Models screen: for a campaign whose own domain has Search Console
// rows, the clicks its CTR model estimates per week (the own domain's visibility score over the tracked
// keywords with Search Console data, monthly clicks ÷ 30.4375 a day) beside the real clicks of those queries,
// with the ratio, as a chart and a table, and the table as CSV. `?calibration={campaign}` (the link of a
// campaign screen's CTR-model badge) picks that campaign and scrolls the panel into view.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Group, Select, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { CalibrationResponse } from '@contracts/ctr-models';
import { calibrationHref, useCtrCalibration } from '../../api/use-ctr-models';
import { useCampaigns } from '../../api/use-workspace';
import { useFormat } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { EChart } from '../../components/EChart';
import { ErrorView, TableSkeleton } from '../../components/StateViews';

type Week = CalibrationResponse['weeks'][number];

function CalibrationChart({ weeks }: { weeks: Week[] }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: {},
      grid: { left: 52, right: 48, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: weeks.map((w) => w.week) },
      yAxis: [
        { type: 'value', name: 'Clicks' },
        { type: 'value', name: 'Ratio', splitLine: { show: false } },
      ],
      series: [
        {
          name: 'Estimated clicks',
          type: 'bar',
          data: weeks.map((w) => Math.round(w.estimatedClicks * 10) / 10),
        },
        { name: 'Real clicks', type: 'bar', data: weeks.map((w) => w.clicks) },
        {
          name: 'Real ÷ estimated',
          type: 'line',
          yAxisIndex: 1,
          data: weeks.map((w) => (w.ratio === null ? null : Math.round(w.ratio * 100) / 100)),
        },
      ],
    }),
    [weeks],
  );
  return <EChart option={option} height={280} label="Estimated and real clicks per week" />;
}

export function CalibrationPanel() {
  const f = useFormat();
  const campaigns = useCampaigns(null);
  const [search] = useSearchParams();
  const asked = search.get('calibration');
  const [picked, setPicked] = useState<string | null>(asked);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked !== null) card.current?.scrollIntoView({ block: 'start' });
  }, [asked]);
  const list = campaigns.data?.items ?? [];
  const chosen = picked ?? (list[0] === undefined ? null : String(list[0].id));
  const cal = useCtrCalibration(chosen === null ? null : Number(chosen));
  const columns = useMemo<ColumnDef<Week>[]>(
    () => [
      { id: 'week', header: 'Week of', accessorFn: (w) => w.week },
      { id: 'days', header: 'Days', accessorFn: (w) => w.days, meta: { numeric: true } },
      {
        id: 'estimated',
        header: 'Estimated clicks',
        accessorFn: (w) => w.estimatedClicks,
        cell: (c) => f.number(c.getValue<number>(), { maximumFractionDigits: 1 }),
        meta: { numeric: true },
      },
      {
        id: 'clicks',
        header: 'Real clicks',
        accessorFn: (w) => w.clicks,
        cell: (c) => f.integer(c.getValue<number>()),
        meta: { numeric: true },
      },
      {
        id: 'ratio',
        header: 'Real ÷ estimated',
        accessorFn: (w) => w.ratio,
        cell: (c) => {
          const v = c.getValue<number | null>();
          return v === null ? '–' : f.number(v, { maximumFractionDigits: 2 });
        },
        meta: { numeric: true },
      },
    ],
    [f],
  );
  return (
    <Card ref={card} withBorder padding="sm" mt="md" data-testid="ctr-calibration">
      <Group justify="space-between" align="flex-end" mb="xs" wrap="wrap">
        <Title order={2} fz={15} fw={600}>
          Calibration against Search Console
        </Title>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="Campaign"
            data={list.map((c) => ({ value: String(c.id), label: `${c.name} (${c.market})` }))}
            value={chosen}
            onChange={setPicked}
            allowDeselect={false}
            searchable
            w={240}
          />
          {cal.data && (
            <Button
              component="a"
              href={calibrationHref(cal.data.campaignId, true)}
              download
              size="xs"
              variant="default"
            >
              Export CSV
            </Button>
          )}
        </Group>
      </Group>
      {chosen === null ? (
        <Text size="sm" c="dimmed">
          Create a campaign that tracks your own domain to compare its CTR model with your clicks.
        </Text>
      ) : cal.isPending ? (
        <TableSkeleton />
      ) : cal.isError ? (
        <ErrorView title="No calibration for this campaign" error={cal.error} />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs" data-testid="calibration-summary">
            {cal.data.campaignName} under <b>{cal.data.model.name}</b>: {cal.data.keywordsWithData} of{' '}
            {cal.data.keywords} tracked keywords have Search Console rows of {cal.data.site} (
            {cal.data.domains.join(', ')}
            {cal.data.period && `, ${cal.data.period.start} – ${cal.data.period.end}`}). In total{' '}
            {f.integer(cal.data.total.clicks)} real clicks against{' '}
            {f.number(cal.data.total.estimatedClicks, { maximumFractionDigits: 0 })} estimated
            {cal.data.total.ratio !== null &&
              ` (real ÷ estimated ${f.number(cal.data.total.ratio, { maximumFractionDigits: 2 })})`}
            .
          </Text>
          <CalibrationChart weeks={cal.data.weeks} />
          <DataTable
            title="Estimated and real clicks per week"
            data={cal.data.weeks}
            columns={columns}
            getRowId={(w) => w.week}
          />
        </>
      )}
    </Card>
  );
}
