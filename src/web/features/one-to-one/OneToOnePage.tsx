// The one-to-one comparison (`/{hostA},{hostB}/{time}/{market}/1-2-1`, ROLE_MS_ALL): two hosts side by side
// in one market over `time` — the form that picks them, the comparison, and the read-only share links. An
// address with one host (from the market tools' links) asks for the second.
import { useNavigate } from 'react-router';
import { Stack } from '@mantine/core';
import { oneToOnePath } from '@contracts/one-to-one';
import type { TimeSpan } from '@core/date-range';
import { useRoute } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { timeSpanOf } from '../../components/HostMarketTimeForm';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView } from '../../components/StateViews';
import { localisePath } from '../../routes/match-route';
import { MarketToolLinks } from '../market-tools/MarketToolLinks';
import { Comparison } from './Comparison';
import { HostPairForm } from './HostPairForm';
import { SharePanel } from './SharePanel';

export function OneToOnePage() {
  const { params, locale } = useRoute();
  const navigate = useNavigate();
  const [a, b] = params.hosts;
  const market = params.market;
  const time = timeSpanOf(params.time);
  useBreadcrumb([{ label: 'Market share' }, { label: 'One-to-one comparison' }]);
  const show = (hosts: [string, string], m: string, t: TimeSpan) =>
    void navigate(localisePath(oneToOnePath(hosts, t, m), locale));
  const selection = a && b && market ? { hosts: [a, b] as [string, string], market, time } : null;
  return (
    <Stack gap="md">
      <PageHeader
        title={selection ? `One-to-one: ${a} vs ${b}` : 'One-to-one comparison'}
        description="Two hosts side by side in one market: their visibility over time and the keywords they share or hold alone."
        actions={a && market && <MarketToolLinks host={a} market={market} time={time} current="one-to-one" />}
      />
      <HostPairForm
        key={`${params.hosts.join(',')}/${market}/${time}`}
        hosts={params.hosts}
        market={market}
        time={time}
        onShow={show}
      />
      {selection ? (
        <>
          <SharePanel selection={selection} />
          <Comparison key={`${a},${b}/${market}/${time}`} selection={selection} share={null} />
        </>
      ) : (
        <EmptyView title="Choose two hosts and a market">
          Type two domains, hosts or hosts with a path, pick a market, and how far back to compare (a year by
          default).
        </EmptyView>
      )}
    </Stack>
  );
}
