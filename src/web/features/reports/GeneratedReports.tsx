// Generated Reports of one report definition: "Generate" starts a run, whose progress bar and phase follow the
// job (polled every second while it runs); each done one opens from its snapshot (the print page, in a new
// tab) and downloads as PDF, as a ZIP of CSV files or as one XLSX workbook; a failed one says why and can be
// retried; two done ones compare (what changed, in numbers, per answer read).
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { GeneratedReport } from '@contracts/generated-reports';
import { describeError } from '../../api/client';
import {
  useGenerateReport,
  useGeneratedReports,
  useReportComparison,
  useRetryGenerated,
} from '../../api/use-reports';
import { useFormat } from '../../app/route-context';

const STATUS_COLOURS = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' } as const;

function Comparison({ a, b }: { a: number; b: number }) {
  const cmp = useReportComparison(a, b);
  const format = useFormat();
  if (cmp.isPending) return <Text size="sm">Comparing…</Text>;
  if (cmp.isError) return <Alert color="red">{describeError(cmp.error)}</Alert>;
  const tables = cmp.data.sections.flatMap((s) =>
    s.tables.filter((t) => t.changedCells + t.added.length + t.removed.length > 0),
  );
  return (
    <Stack gap="xs" data-report-comparison>
      <Text size="sm">
        From #{a} ({cmp.data.a.periodFrom} – {cmp.data.a.periodTo}) to #{b} ({cmp.data.b.periodFrom} –{' '}
        {cmp.data.b.periodTo}):{' '}
        {tables.length === 0 ? 'no number changed.' : `${tables.length} tables changed.`}
      </Text>
      {tables.map((t) => (
        <Paper key={t.name} withBorder p="xs">
          <Text size="sm" fw={500}>
            {t.name}: {format.integer(t.changedCells)} cells changed
            {t.added.length > 0 && `, added ${t.added.slice(0, 5).join(', ')}`}
            {t.removed.length > 0 && `, removed ${t.removed.slice(0, 5).join(', ')}`}
          </Text>
          {t.changes.length > 0 && (
            <Table.ScrollContainer minWidth={360}>
              <Table fz="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Column</Table.Th>
                    <Table.Th ta="right">#{a}</Table.Th>
                    <Table.Th ta="right">#{b}</Table.Th>
                    <Table.Th ta="right">Change</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {t.changes.slice(0, 10).map((c) => (
                    <Table.Tr key={`${c.row} ${c.column}`}>
                      <Table.Td>{c.row}</Table.Td>
                      <Table.Td>{c.column}</Table.Td>
                      <Table.Td ta="right">{c.a ?? '—'}</Table.Td>
                      <Table.Td ta="right">{c.b ?? '—'}</Table.Td>
                      <Table.Td ta="right">
                        {c.delta === null
                          ? '—'
                          : `${c.delta > 0 ? '+' : ''}${Math.round(c.delta * 1000) / 1000}`}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function Row({ g, picked, onPick }: { g: GeneratedReport; picked: boolean; onPick: (on: boolean) => void }) {
  const retry = useRetryGenerated(g.reportId);
  const format = useFormat();
  const base = `/api/v1/generated-reports/${g.id}`;
  return (
    <Paper withBorder p="xs" data-generated-report={g.id} data-status={g.status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Checkbox
            aria-label={`Compare #${g.id}`}
            checked={picked}
            disabled={g.status !== 'done'}
            onChange={(e) => onPick(e.currentTarget.checked)}
          />
          <Text size="sm" fw={500}>
            #{g.id} · {g.periodFrom} – {g.periodTo}
          </Text>
          <Badge size="sm" variant="light" color={STATUS_COLOURS[g.status]}>
            {g.status}
          </Badge>
        </Group>
        <Group gap="xs">
          {g.status === 'done' && (
            <>
              <Anchor size="sm" href={`/print/reports/${g.id}`} target="_blank" rel="noopener">
                Open
              </Anchor>
              <Anchor size="sm" href={`${base}/pdf`} download>
                PDF
              </Anchor>
              <Anchor size="sm" href={`${base}/csv`} download>
                CSV
              </Anchor>
              <Anchor size="sm" href={`${base}/xlsx`} download>
                XLSX
              </Anchor>
            </>
          )}
          {(g.status === 'failed' || g.status === 'done') && (
            <Button
              size="compact-xs"
              variant="default"
              loading={retry.isPending}
              onClick={() => retry.mutate(g.id)}
            >
              {g.status === 'failed' ? 'Retry' : 'Re-render'}
            </Button>
          )}
        </Group>
      </Group>
      {(g.status === 'queued' || g.status === 'running') && (
        <Stack gap={2} mt={6}>
          <Progress value={g.progress} animated aria-label={`Generating: ${g.progress}%`} />
          <Text size="xs" c="dimmed">
            {g.phase} · {g.progress}%
          </Text>
        </Stack>
      )}
      {g.status === 'failed' && (
        <Text size="xs" c="red" mt={4}>
          Failed: {g.error}
        </Text>
      )}
      {g.status === 'done' && (
        <Text size="xs" c="dimmed" mt={4}>
          {g.pdfBytes !== null && `${format.integer(Math.round(g.pdfBytes / 1024))} kB PDF · `}
          {g.durationMs !== null && `${(g.durationMs / 1000).toFixed(1)} s · `}
          data SHA-256 {g.snapshotHash?.slice(0, 12)}…
        </Text>
      )}
    </Paper>
  );
}

export function GeneratedReports({ reportId }: { reportId: number }) {
  const list = useGeneratedReports(reportId);
  const generate = useGenerateReport(reportId);
  const [picked, setPicked] = useState<number[]>([]);
  const pair = picked.length === 2 ? ([...picked].sort((x, y) => x - y) as [number, number]) : null;
  return (
    <Paper withBorder p="md" data-generated-reports={reportId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz={16}>
            Generated reports
          </Title>
          <Button onClick={() => generate.mutate()} loading={generate.isPending}>
            Generate
          </Button>
        </Group>
        {generate.isError && (
          <Alert color="red" variant="light" role="alert">
            {describeError(generate.error)}
          </Alert>
        )}
        {list.isError && <Alert color="red">{describeError(list.error)}</Alert>}
        {list.data?.items.length === 0 && (
          <Text size="sm" c="dimmed">
            None yet: Generate renders the PDF and the CSV files for the report’s period.
          </Text>
        )}
        {list.data?.items.map((g) => (
          <Row
            key={g.id}
            g={g}
            picked={picked.includes(g.id)}
            onPick={(on) =>
              setPicked((p) =>
                on ? [...p.filter((x) => x !== g.id), g.id].slice(-2) : p.filter((x) => x !== g.id),
              )
            }
          />
        ))}
        {(list.data?.items.filter((g) => g.status === 'done').length ?? 0) >= 2 && pair === null && (
          <Text size="xs" c="dimmed">
            Tick two done ones to compare them.
          </Text>
        )}
        {pair && <Comparison a={pair[0]} b={pair[1]} />}
      </Stack>
    </Paper>
  );
}
