// CTR Models (spec §2 'ctr_models', issue 30 item 5): every model (default, published studies, the
// organisation's typed-in and fitted ones), up to six compared on one chart, a fitted model's observed buckets
// with their 95 % intervals and impressions, the form that fits a model from a site's Search Console rows, and
// the site's brand terms that split a fit into brand and non-brand queries; a campaign's calibration.
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { CtrModelDetail, CtrModelSummary } from '@contracts/ctr-models';
import { describeError } from '../../api/client';
import { useCtrModel, useCtrModels, useFitCtrModel } from '../../api/use-ctr-models';
import { useGscSites } from '../../api/use-search-console';
import { useFormat } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { EChart } from '../../components/EChart';
import { PageHeader } from '../../components/PageHeader';
import { ErrorView, TableSkeleton } from '../../components/StateViews';
import { BrandTermsEditor } from './BrandTermsEditor';
import { CalibrationPanel } from './CalibrationPanel';

/** Curves drawn at once; more would be unreadable. */
const MAX_COMPARED = 6;
const POSITIONS = Array.from({ length: 30 }, (_, i) => i + 1);

function CompareChart({ models }: { models: CtrModelSummary[] }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${(v * 100).toFixed(2)} %` },
      legend: {},
      grid: { left: 48, right: 16, top: 16, bottom: 28 },
      xAxis: { type: 'category', name: 'Position', data: POSITIONS },
      yAxis: {
        type: 'value',
        name: 'CTR',
        axisLabel: { formatter: (v: number) => `${Math.round(v * 100)} %` },
      },
      series: models.map((m) => ({
        name: m.name,
        type: 'line',
        showSymbol: false,
        data: POSITIONS.map((p) => m.values[p - 1]),
      })),
    }),
    [models],
  );
  return <EChart option={option} height={300} label="CTR by position, compared" />;
}

function Buckets({ model }: { model: CtrModelDetail }) {
  const f = useFormat();
  const columns = useMemo<ColumnDef<NonNullable<CtrModelDetail['buckets']>[number]>[]>(
    () => [
      { id: 'bucket', header: 'Position', accessorFn: (b) => b.bucket, meta: { numeric: true } },
      {
        id: 'impressions',
        header: 'Impressions',
        accessorFn: (b) => b.impressions,
        cell: (c) => f.integer(c.getValue<number>()),
        meta: { numeric: true },
      },
      {
        id: 'clicks',
        header: 'Clicks',
        accessorFn: (b) => b.clicks,
        cell: (c) => f.integer(c.getValue<number>()),
        meta: { numeric: true },
      },
      {
        id: 'ctr',
        header: 'Observed CTR',
        accessorFn: (b) => b.ctr,
        cell: (c) => f.percent(c.getValue<number>() * 100, 2),
        meta: { numeric: true },
      },
      {
        id: 'interval',
        header: '95 % interval',
        accessorFn: (b) => b.low,
        cell: (c) => `${f.percent(c.row.original.low * 100, 1)} – ${f.percent(c.row.original.high * 100, 1)}`,
        meta: { numeric: true },
      },
      {
        id: 'fitted',
        header: 'Fitted',
        accessorFn: (b) => (b.bucket <= 100 ? model.values[b.bucket - 1]! : null),
        cell: (c) => f.percent(c.getValue<number | null>() === null ? null : c.getValue<number>() * 100, 2),
        meta: { numeric: true },
      },
    ],
    [f, model.values],
  );
  if (model.buckets === null) {
    return (
      <Text size="sm" c="dimmed">
        {model.basis}.
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {model.basis}; buckets with fewer than 30 impressions are shown but not fitted
        {model.fit?.lastReliable != null &&
          `; past position ${model.fit.lastReliable} the curve follows the default curve's shape`}
        .
      </Text>
      <DataTable
        title="Observed buckets"
        data={model.buckets}
        columns={columns}
        getRowId={(b) => String(b.bucket)}
      />
    </>
  );
}

function FitForm({ onFitted }: { onFitted: (id: string) => void }) {
  const sites = useGscSites();
  const fit = useFitCtrModel();
  const [site, setSite] = useState<string | null>(null);
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [device, setDevice] = useState<string | null>(null);
  const [brand, setBrand] = useState<string | null>(null);
  const list = sites.data?.items.map((s) => s.site) ?? [];
  const chosen = site ?? list[0] ?? null;
  return (
    <Card withBorder padding="sm" mb="md">
      <Title order={2} fz={15} fw={600} mb="xs">
        Fit a model from Search Console rows
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          Import a site&apos;s Search Console rows first (Import data); a model is then fitted from its own
          clicks.
        </Text>
      ) : (
        <form
          aria-label="Fit a CTR model"
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen === null) return;
            fit.mutate(
              {
                site: chosen,
                ...(startDate && { startDate }),
                ...(endDate && { endDate }),
                ...(device && { device: device as 'desktop' | 'mobile' | 'tablet' }),
                ...(brand && { brand: brand as 'brand' | 'non-brand' }),
              },
              { onSuccess: (m) => onFitted(m.id) },
            );
          }}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Site"
              data={list}
              value={chosen}
              onChange={setSite}
              allowDeselect={false}
              w={220}
            />
            <TextInput
              label="From"
              type="date"
              value={startDate}
              onChange={(e) => setStart(e.currentTarget.value)}
              w={150}
            />
            <TextInput
              label="To"
              type="date"
              value={endDate}
              onChange={(e) => setEnd(e.currentTarget.value)}
              w={150}
            />
            <Select
              label="Device"
              data={[
                { value: 'desktop', label: 'Desktop' },
                { value: 'mobile', label: 'Mobile' },
                { value: 'tablet', label: 'Tablet' },
              ]}
              placeholder="All devices"
              clearable
              value={device}
              onChange={setDevice}
              w={140}
            />
            <Select
              label="Queries"
              data={[
                { value: 'brand', label: 'Brand only' },
                { value: 'non-brand', label: 'Non-brand only' },
              ]}
              placeholder="All queries"
              clearable
              value={brand}
              onChange={setBrand}
              w={160}
            />
            <Button type="submit" loading={fit.isPending}>
              Fit model
            </Button>
          </Group>
          {fit.isError && (
            <Alert color="red" mt="sm" title="The model could not be fitted">
              {describeError(fit.error)}
            </Alert>
          )}
        </form>
      )}
      {chosen !== null && (
        <Stack mt="md">
          <BrandTermsEditor key={chosen} site={chosen} />
        </Stack>
      )}
    </Card>
  );
}

export function CtrModelsPage() {
  const models = useCtrModels();
  const [compared, setCompared] = useState<string[]>(['default']);
  const [shown, setShown] = useState<string | null>(null);
  const detail = useCtrModel(shown);
  const all = models.data ?? [];
  const picked = all.filter((m) => compared.includes(m.id));
  const toggle = (id: string) =>
    setCompared((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id].slice(-MAX_COMPARED)));
  return (
    <>
      <PageHeader
        title="CTR Models"
        description="Click probability by position: the default curve, published studies, and curves fitted from your own Search Console rows."
      />
      <FitForm
        onFitted={(id) => {
          setShown(id);
          setCompared((c) => [...c.filter((x) => x !== id), id].slice(-MAX_COMPARED));
        }}
      />
      {models.isPending ? (
        <TableSkeleton />
      ) : models.isError ? (
        <ErrorView
          title="The CTR models could not be loaded"
          error={models.error}
          onRetry={() => void models.refetch()}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder padding="sm">
            <Title order={2} fz={15} fw={600} mb="xs">
              Models (compare up to {MAX_COMPARED})
            </Title>
            {all.map((m) => (
              <Group key={m.id} gap="xs" wrap="nowrap" mb={6}>
                <Checkbox
                  aria-label={`Compare ${m.name}`}
                  checked={compared.includes(m.id)}
                  onChange={() => toggle(m.id)}
                />
                <Button
                  variant={shown === m.id ? 'light' : 'subtle'}
                  size="compact-sm"
                  onClick={() => setShown(m.id)}
                  style={{ whiteSpace: 'normal', height: 'auto', textAlign: 'left' }}
                >
                  {m.name}
                </Button>
                <Text size="xs" c="dimmed">
                  {m.kind}
                </Text>
              </Group>
            ))}
          </Card>
          <Card withBorder padding="sm">
            <Title order={2} fz={15} fw={600} mb="xs">
              CTR by position (1–30)
            </Title>
            <CompareChart models={picked} />
          </Card>
        </SimpleGrid>
      )}
      {shown !== null && (
        <Card withBorder padding="sm" mt="md">
          <Title order={2} fz={15} fw={600} mb="xs">
            {detail.data?.name ?? 'Model'}
          </Title>
          {detail.isPending ? (
            <TableSkeleton />
          ) : detail.isError ? (
            <ErrorView title="The model could not be loaded" error={detail.error} />
          ) : (
            <Buckets model={detail.data} />
          )}
        </Card>
      )}
      <CalibrationPanel />
    </>
  );
}
