// The "Rank checks" panel of a campaign (ROLE_CV): choose a SERP provider and a daily or weekly schedule,
// see what it costs (keywords × runs a month × the provider's price) and confirm that before the first run,
// run it now, and follow the run history. A provider without a key, or one that cannot search the
// campaign's market, says why it cannot be chosen.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { RankChecksResponse, RankCheckProviderId, SaveScheduleRequest } from '@contracts/rank-checks';
import { describeError } from '../../api/client';
import {
  useCampaignRankChecks,
  useCancelRun,
  useConfirmSchedule,
  useRunNow,
  useSaveSchedule,
} from '../../api/use-rank-checks';
import { useFormat } from '../../app/route-context';
import { ErrorView, TableSkeleton } from '../../components/StateViews';
import { RunHistory } from './RunHistory';
import { WEEKDAYS, hourText, usdText } from './rank-check-text';

type Frequency = SaveScheduleRequest['frequency'];

export function RankChecksPanel({ campaignId }: { campaignId: number }) {
  const query = useCampaignRankChecks(campaignId);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Rank checks
        </Title>
        {query.isPending ? (
          <TableSkeleton rows={3} columns={4} />
        ) : query.isError ? (
          <ErrorView
            title="Rank checks could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Loaded data={query.data} campaignId={campaignId} />
        )}
      </Stack>
    </Paper>
  );
}

function Loaded({ data, campaignId }: { data: RankChecksResponse; campaignId: number }) {
  const format = useFormat();
  const save = useSaveSchedule(campaignId);
  const confirm = useConfirmSchedule(campaignId);
  const runNow = useRunNow(campaignId);
  const cancel = useCancelRun(campaignId);
  const s = data.schedule;
  const usable = data.estimates.filter((e) => e.unsupported === null && e.keySet);
  const [provider, setProvider] = useState<RankCheckProviderId | null>(
    s?.provider ?? usable[0]?.provider ?? null,
  );
  const [frequency, setFrequency] = useState<Frequency>(s?.frequency ?? 'daily');
  const [hour, setHour] = useState(s?.hour ?? 6);
  const [weekday, setWeekday] = useState(s?.weekday ?? 1);
  const [asking, setAsking] = useState(false);

  const estimate = data.estimates.find((e) => e.provider === provider) ?? null;
  const running = data.runs.some((r) => r.status === 'queued' || r.status === 'running');
  const covered = s !== null && s.confirmed && s.provider === provider;
  const error = save.error ?? confirm.error ?? runNow.error ?? cancel.error;

  const submit = () => {
    if (provider === null) return;
    save.mutate({
      provider,
      frequency,
      hour,
      ...(frequency === 'weekly' ? { weekday } : {}),
      enabled: true,
    });
  };
  const start = (accept: boolean) => {
    if (provider === null) return;
    setAsking(false);
    runNow.mutate({ provider, ...(accept ? { confirm: true } : {}) });
  };

  return (
    <Stack gap="sm">
      {usable.length === 0 && (
        <Alert color="yellow" title="No provider can check this campaign yet">
          Rank checks need a SERP provider API key for your organisation; an administrator can add one under
          Administration → Users and roles → SERP provider keys.
        </Alert>
      )}
      <Group align="end" gap="sm" wrap="wrap">
        <Select
          label="Provider"
          w={220}
          value={provider}
          onChange={(v) => setProvider(v as RankCheckProviderId | null)}
          data={data.estimates.map((e) => ({
            value: e.provider,
            label: `${e.label}${e.unsupported !== null ? ' (cannot search this market)' : !e.keySet ? ' (no key)' : ''}`,
            disabled: e.unsupported !== null || !e.keySet,
          }))}
        />
        <Select
          label="Frequency"
          w={130}
          value={frequency}
          allowDeselect={false}
          onChange={(v) => setFrequency((v as Frequency | null) ?? 'daily')}
          data={[
            { value: 'daily', label: 'Daily' },
            { value: 'weekly', label: 'Weekly' },
          ]}
        />
        {frequency === 'weekly' && (
          <Select
            label="Day"
            w={150}
            value={String(weekday)}
            allowDeselect={false}
            onChange={(v) => setWeekday(Number(v ?? 1))}
            data={WEEKDAYS.map((d, i) => ({ value: String(i), label: d }))}
          />
        )}
        <Select
          label="Hour"
          w={130}
          value={String(hour)}
          allowDeselect={false}
          onChange={(v) => setHour(Number(v ?? 6))}
          data={Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourText(h) }))}
        />
        <Button onClick={submit} loading={save.isPending} disabled={provider === null}>
          Save schedule
        </Button>
        <Button
          variant="light"
          onClick={() => (covered ? start(false) : setAsking(true))}
          loading={runNow.isPending}
          disabled={provider === null || running || data.keywords === 0}
        >
          Run now
        </Button>
      </Group>
      {estimate !== null && (
        <Text size="sm" data-testid="rank-check-estimate">
          {format.integer(data.keywords)} keywords × {usdText(format, estimate.priceUsd)} per request ={' '}
          <b>{usdText(format, estimate.perRunUsd)} per run</b>, about{' '}
          {usdText(format, estimate.monthlyUsd[frequency])} a month checked {frequency}.
        </Text>
      )}
      {data.keywords === 0 && (
        <Text size="sm" c="dimmed">
          This campaign has no keywords yet: import keywords into it before checking rankings.
        </Text>
      )}
      {s !== null && (
        <Group gap="xs">
          <Badge variant="light" color={s.confirmed ? 'green' : 'yellow'}>
            {s.confirmed ? 'Confirmed' : 'Waiting for confirmation'}
          </Badge>
          <Text size="sm">
            {data.estimates.find((e) => e.provider === s.provider)?.label} ·{' '}
            {s.frequency === 'weekly' ? `weekly on ${WEEKDAYS[s.weekday ?? 1]}` : 'daily'} at{' '}
            {hourText(s.hour)} · {usdText(format, s.monthlyUsd)} a month
            {s.nextRunAt !== null && ` · next run ${format.dateTime(s.nextRunAt)}`}
          </Text>
        </Group>
      )}
      {s !== null && !s.confirmed && (
        <Alert color="yellow" title="Confirm the cost before the first run">
          <Stack gap="xs" align="start">
            <Text size="sm">
              Scheduled checks cost {usdText(format, s.perRunUsd)} per run, about{' '}
              {usdText(format, s.monthlyUsd)} a month at the provider’s price. Nothing runs until you confirm.
            </Text>
            <Button size="xs" onClick={() => confirm.mutate()} loading={confirm.isPending}>
              Confirm estimate
            </Button>
          </Stack>
        </Alert>
      )}
      {error !== null && (
        <Alert color="red" title="That did not work">
          {describeError(error)}
        </Alert>
      )}
      <RunHistory runs={data.runs} onCancel={(id) => cancel.mutate(id)} cancelling={cancel.isPending} />
      <Modal opened={asking} onClose={() => setAsking(false)} title="Run a rank check now?">
        <Stack gap="sm">
          <Text size="sm">
            This checks {format.integer(data.keywords)} keywords with {estimate?.label} and costs about{' '}
            {usdText(format, estimate?.perRunUsd ?? 0)} at the provider’s price.
          </Text>
          <Group justify="end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button onClick={() => start(true)}>Confirm and run</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
