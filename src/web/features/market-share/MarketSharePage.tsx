// Market share (spec §2: /marketshare/overview/{market}/{time}, the variant with a host in front, and the
// empty variant that asks for a market; ROLE_MS_ALL): share of visibility over `time` of the market's leading
// hosts and the organisation's tracked domains, their table, the competitive matrix by keyword tag or group,
// and the CSV exports. The form offers the markets of the organisation's campaigns.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Anchor, SegmentedControl, Stack, Text } from '@mantine/core';
import type { MatrixKind } from '@contracts/market-share';
import type { TimeSpan } from '@core/date-range';
import { parseHostFilter } from '@core/host-match';
import {
  marketShareCsvHref,
  useCompetitiveMatrix,
  useMarketShare,
  type MarketShareSelection,
} from '../../api/use-market-share';
import { useCampaigns } from '../../api/use-workspace';
import { useFormat, useHref, useRoute } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { HostMarketTimeForm, TIME_LABELS, timeSpanOf } from '../../components/HostMarketTimeForm';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { MarketToolLinks } from '../market-tools/MarketToolLinks';
import { ResultCard } from '../market-tools/MarketToolScreen';
import { CompetitiveMatrix } from './CompetitiveMatrix';
import { LeagueTable } from './LeagueTable';
import { marketShareHref } from './market-share-href';
import { ShareChart } from './ShareChart';

function Overview({ selection }: { selection: MarketShareSelection }) {
  const result = useMarketShare(selection);
  const f = useFormat();
  const body = result.isPending ? (
    <TableSkeleton columns={6} />
  ) : result.isError ? (
    <ErrorView
      title="The market share could not be loaded"
      error={result.error}
      onRetry={() => void result.refetch()}
    />
  ) : result.data.dates.length === 0 ? (
    <EmptyView title="No rankings in this span">
      {selection.market} has no snapshot between {f.date(result.data.startDate)} and{' '}
      {f.date(result.data.endDate)}. Import rankings (Campaigns → Import data) or compare over a longer span.
    </EmptyView>
  ) : (
    <Stack gap="sm">
      <ShareChart dates={result.data.dates} hosts={result.data.hosts} />
      <LeagueTable hosts={result.data.hosts} />
      <Text size="xs" c="dimmed">
        Share of the visibility of every host in {selection.market} (
        {f.number(result.data.marketVisibilityScores.at(-1), { maximumFractionDigits: 0 })} clicks a month on{' '}
        {f.date(result.data.dates.at(-1))}); changes since {f.date(result.data.dates[0])}. Hosts are
        registrable domains: the leaders by visibility score, and the domains your campaigns in this market
        track.
      </Text>
    </Stack>
  );
  return (
    <ResultCard
      title="Share of visibility"
      csvHref={marketShareCsvHref(selection, 'overview')}
      csvLabel="Export table and series (CSV)"
    >
      {body}
    </ResultCard>
  );
}

function Matrix({ selection }: { selection: MarketShareSelection }) {
  const [by, setBy] = useState<MatrixKind>('tags');
  const result = useCompetitiveMatrix(selection, by);
  const f = useFormat();
  const href = useHref();
  const what = by === 'tags' ? 'keyword tags' : 'keyword groups';
  const body = result.isPending ? (
    <TableSkeleton columns={5} />
  ) : result.isError ? (
    <ErrorView
      title="The competitive matrix could not be loaded"
      error={result.error}
      onRetry={() => void result.refetch()}
    />
  ) : result.data.date === null ? (
    <EmptyView title="No rankings in this span">
      The matrix needs a snapshot of {selection.market} in the span; import rankings or compare over a longer
      span.
    </EmptyView>
  ) : result.data.labels.length === 0 ? (
    <EmptyView title={`No ${what} yet`}>
      The keywords of your {result.data.campaigns === 1 ? 'campaign' : `${result.data.campaigns} campaigns`}{' '}
      in {selection.market} carry no {what}. Add them on{' '}
      <Anchor href={href('/campaigns')} size="sm">
        Campaigns
      </Anchor>{' '}
      (or import keywords with tags and groups), or switch to {by === 'tags' ? 'groups' : 'tags'}.
    </EmptyView>
  ) : (
    <Stack gap={4}>
      <CompetitiveMatrix data={result.data} />
      <Text size="xs" c="dimmed">
        Each cell: the host’s share of the visibility of every host on the {what.slice(0, -1)}’s keywords on{' '}
        {f.date(result.data.date)} (hover for its visibility score).
      </Text>
    </Stack>
  );
  return (
    <ResultCard
      title="Competitive matrix"
      csvHref={marketShareCsvHref(selection, 'matrix', by)}
      csvLabel="Export matrix (CSV)"
    >
      <SegmentedControl
        size="xs"
        mb="xs"
        aria-label="Matrix columns"
        value={by}
        onChange={(v) => setBy(v === 'groups' ? 'groups' : 'tags')}
        data={[
          { value: 'tags', label: 'Keyword tags' },
          { value: 'groups', label: 'Keyword groups' },
        ]}
      />
      {body}
    </ResultCard>
  );
}

export function MarketSharePage() {
  const { params, locale } = useRoute();
  const navigate = useNavigate();
  const href = useHref();
  const campaigns = useCampaigns(null);
  const market = params.market;
  const time: TimeSpan = timeSpanOf(params.time);
  const host = params.host;
  useBreadcrumb([{ label: 'Market share' }, { label: 'Overview' }]);
  const ownMarkets = useMemo(
    () => [...new Set((campaigns.data?.items ?? []).map((c) => c.market))].sort(),
    [campaigns.data],
  );
  const show = (h: string, m: string, t: TimeSpan) =>
    void navigate(marketShareHref({ market: m, time: t, host: parseHostFilter(h)?.domain ?? null }, locale));
  const selection = market === null ? null : { market, time, host };
  return (
    <Stack gap="md">
      <PageHeader
        title={market ? `Market share: ${market}` : 'Market share'}
        description={
          market
            ? `Who owns the visibility of ${market} over ${TIME_LABELS[time].toLowerCase()}, and where.`
            : 'Who owns the visibility of a market, and where.'
        }
        actions={
          host && market && <MarketToolLinks host={host} market={market} time={time} current="market-share" />
        }
      />
      <HostMarketTimeForm
        key={`${market ?? ''}/${time}/${host ?? ''}`}
        host={host ?? ''}
        market={market}
        time={time}
        submitLabel="Show market share"
        onShow={show}
        hostOptional
        marketCodes={ownMarkets}
      />
      {selection === null ? (
        campaigns.isSuccess && ownMarkets.length === 0 ? (
          <EmptyView title="No campaign yet">
            Market share covers the markets of your organisation’s campaigns. Create a campaign in a market on{' '}
            <Anchor href={href('/campaigns')} size="sm">
              Campaigns
            </Anchor>{' '}
            first.
          </EmptyView>
        ) : (
          <EmptyView title="Choose a market">
            Pick one of your markets and how far back to look (a year by default); optionally a domain to
            highlight.
          </EmptyView>
        )
      ) : (
        <>
          <Overview selection={selection} />
          <Matrix selection={selection} />
        </>
      )}
    </Stack>
  );
}
