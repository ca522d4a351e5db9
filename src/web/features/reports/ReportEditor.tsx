// Report Creation's editor of one report: its title and period (last week, last month, month to date, or two
// fixed days), its blocks in order — widgets of the dashboard library over the report's campaign and period
// or a campaign and span of their own, text, page breaks — added, moved up and down and removed, then saved; and a preview that draws the report with the
// very components of the PDF (cover page included), reading live data for the period resolved today.
import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { ReportSpec } from '@contracts/generated-reports';
import type { Report, ReportBlock, ReportPeriod } from '@contracts/reports';
import { WIDGET_TYPES } from '@contracts/dashboards';
import { isoDateInZone } from '@core/date-range';
import { PERIOD_WORDS, RELATIVE_REPORT_PERIODS, resolveReportPeriod } from '@core/reports/report-period';
import { describeError } from '../../api/client';
import { useReportBrand, useUpdateReport } from '../../api/use-reports';
import { useCampaign } from '../../api/use-workspace';
import { WIDGET_LIBRARY } from '../dashboard/widgets/widget-registry';
import { ReportDocument } from './document/ReportDocument';
import { WidgetBlockScope } from './WidgetBlockScope';

const PERIOD_CHOICES = [
  ...RELATIVE_REPORT_PERIODS.map((p) => ({ value: p, label: PERIOD_WORDS[p] })),
  { value: 'fixed', label: 'fixed days' },
];

function newId(kind: string, blocks: readonly ReportBlock[]): string {
  let i = blocks.length + 1;
  while (blocks.some((b) => b.id === `${kind}-${i}`)) i += 1;
  return `${kind}-${i}`;
}

/** A block as the report's outline names it. */
export function blockLabel(b: ReportBlock): string {
  if (b.kind === 'page-break') return 'Page break';
  if (b.kind === 'text') return `Text${b.heading ? `: ${b.heading}` : ''}`;
  return b.title ?? WIDGET_LIBRARY[b.type].label;
}

export function ReportEditor({ report }: { report: Report }) {
  const [title, setTitle] = useState(report.title);
  const [period, setPeriod] = useState<ReportPeriod>(report.period);
  const [blocks, setBlocks] = useState<ReportBlock[]>(report.blocks);
  const [adding, setAdding] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const save = useUpdateReport(report.id);
  const brand = useReportBrand();
  const campaign = useCampaign(report.campaignId);

  const move = (i: number, by: -1 | 1) =>
    setBlocks((bs) => {
      const j = i + by;
      if (j < 0 || j >= bs.length) return bs;
      const next = [...bs];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    });
  const update = (i: number, b: ReportBlock) => setBlocks((bs) => bs.map((x, k) => (k === i ? b : x)));

  const today = isoDateInZone(new Date());
  const spec: ReportSpec | null =
    brand.data && campaign.data
      ? {
          reportId: report.id,
          title,
          brand: brand.data,
          period: resolveReportPeriod(period, today),
          generatedOn: today,
          campaign: {
            id: report.campaignId,
            name: campaign.data.name,
            projectId: campaign.data.projectId,
            market: campaign.data.market,
          },
          blocks,
        }
      : null;

  return (
    <Paper withBorder p="md" data-report-editor={report.id}>
      <Stack gap="sm">
        <Title order={2} fz={16}>
          Edit “{report.name}”
        </Title>
        <Group grow align="flex-end" wrap="wrap">
          <TextInput
            label="Title (cover page)"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            miw={220}
          />
          <Select
            label="Period"
            data={PERIOD_CHOICES}
            value={period.kind === 'fixed' ? 'fixed' : period.span}
            allowDeselect={false}
            onChange={(v) =>
              setPeriod(
                v === 'fixed'
                  ? {
                      kind: 'fixed',
                      ...(({ from, to }) => ({ from, to }))(resolveReportPeriod(period, today)),
                    }
                  : { kind: 'relative', span: v as (typeof RELATIVE_REPORT_PERIODS)[number] },
              )
            }
            miw={160}
          />
          {period.kind === 'fixed' && (
            <>
              <TextInput
                label="From"
                type="date"
                value={period.from}
                onChange={(e) => setPeriod({ ...period, from: e.currentTarget.value })}
              />
              <TextInput
                label="To"
                type="date"
                value={period.to}
                onChange={(e) => setPeriod({ ...period, to: e.currentTarget.value })}
              />
            </>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Generated today it covers {resolveReportPeriod(period, today).label}.
        </Text>
        <Stack gap={6} aria-label="Sections" role="list">
          {blocks.length === 0 && (
            <Text size="sm" c="dimmed">
              No section yet: add a widget, a text or a page break below.
            </Text>
          )}
          {blocks.map((b, i) => (
            <Paper
              key={b.id}
              withBorder
              p="xs"
              role="listitem"
              aria-label={blockLabel(b)}
              data-block={b.kind}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {i + 1}. {blockLabel(b)}
                  </Text>
                  {b.kind === 'widget' && (
                    <WidgetBlockScope
                      block={b}
                      label={blockLabel(b)}
                      reportCampaignId={report.campaignId}
                      onChange={(w) => update(i, w)}
                    />
                  )}
                  {b.kind === 'text' && (
                    <>
                      <TextInput
                        size="xs"
                        aria-label="Heading"
                        placeholder="Heading"
                        value={b.heading}
                        onChange={(e) => update(i, { ...b, heading: e.currentTarget.value })}
                      />
                      <Textarea
                        size="xs"
                        aria-label="Text"
                        autosize
                        minRows={2}
                        value={b.text}
                        onChange={(e) => update(i, { ...b, text: e.currentTarget.value })}
                      />
                    </>
                  )}
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => move(i, -1)}
                    disabled={i === 0}
                    aria-label={`Move ${blockLabel(b)} up`}
                  >
                    ↑
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => move(i, 1)}
                    disabled={i === blocks.length - 1}
                    aria-label={`Move ${blockLabel(b)} down`}
                  >
                    ↓
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setBlocks((bs) => bs.filter((_, k) => k !== i))}
                    aria-label={`Remove ${blockLabel(b)}`}
                  >
                    Remove
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="Add a widget"
            placeholder="Pick a widget"
            data={WIDGET_TYPES.map((t) => ({ value: t, label: WIDGET_LIBRARY[t].label }))}
            value={adding}
            onChange={setAdding}
            miw={220}
          />
          <Button
            variant="default"
            disabled={adding === null}
            onClick={() => {
              const type = WIDGET_TYPES.find((t) => t === adding);
              if (type)
                setBlocks((bs) => [...bs, { kind: 'widget', id: newId('widget', bs), type, title: null }]);
              setAdding(null);
            }}
          >
            Add widget
          </Button>
          <Button
            variant="default"
            onClick={() =>
              setBlocks((bs) => [...bs, { kind: 'text', id: newId('text', bs), heading: '', text: '' }])
            }
          >
            Add text
          </Button>
          <Button
            variant="default"
            onClick={() => setBlocks((bs) => [...bs, { kind: 'page-break', id: newId('page-break', bs) }])}
          >
            Add page break
          </Button>
        </Group>
        {save.isError && (
          <Alert color="red" variant="light" title="The report was not saved" role="alert">
            {describeError(save.error)}
          </Alert>
        )}
        {save.isSuccess && !save.isPending && (
          <Text size="sm" c="teal" role="status">
            Saved.
          </Text>
        )}
        <Group gap="xs">
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                name: report.name,
                campaignId: report.campaignId,
                format: report.format,
                title,
                blocks,
                period,
                ...(report.sections.length > 0 && { sections: report.sections }),
              })
            }
          >
            Save report
          </Button>
          <Button variant="default" onClick={() => setPreview((p) => !p)} aria-pressed={preview}>
            {preview ? 'Hide preview' : 'Preview'}
          </Button>
        </Group>
        {preview && spec && (
          <Paper withBorder p="sm" data-report-preview style={{ background: 'white' }}>
            <ReportDocument spec={spec} />
          </Paper>
        )}
      </Stack>
    </Paper>
  );
}
