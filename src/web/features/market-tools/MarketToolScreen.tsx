// The frame of the market-share screens reached by address (market explorer, recommendation): host, market
// and time from the query string, the breadcrumb, the header with links to the sibling screens, the form that
// picks another selection, and the prompt when the address names none. `children` draws the results.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import type { TimeSpan } from '@core/date-range';
import type { MarketToolSelection } from '../../api/use-market-tools';
import { useRoute } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { HostMarketTimeForm, timeSpanOf } from '../../components/HostMarketTimeForm';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView } from '../../components/StateViews';
import { marketToolHref, type MarketToolRoute } from './market-tool-href';
import { MarketToolLinks } from './MarketToolLinks';

export function MarketToolScreen({
  route,
  title,
  description,
  submitLabel,
  children,
}: {
  route: MarketToolRoute;
  title: string;
  description: string;
  submitLabel: string;
  children: (selection: MarketToolSelection) => ReactNode;
}) {
  const { params, locale } = useRoute();
  const navigate = useNavigate();
  const host = params.host;
  const market = params.market;
  const time = timeSpanOf(params.time);
  useBreadcrumb([{ label: 'Market share' }, { label: title }]);
  const show = (h: string, m: string, t: TimeSpan) =>
    void navigate(marketToolHref(route, { host: h, market: m, time: t }, locale));
  return (
    <Stack gap="md">
      <PageHeader
        title={host ? `${title}: ${host}` : title}
        description={description}
        actions={
          host && market && <MarketToolLinks host={host} market={market} time={time} current={route} />
        }
      />
      <HostMarketTimeForm
        host={host ?? ''}
        market={market}
        time={time}
        submitLabel={submitLabel}
        onShow={show}
      />
      {host && market ? (
        children({ host, market, time })
      ) : (
        <EmptyView title="Choose a host and a market">
          Type a domain, host or host with a path, pick a market, and how far back to compare (a year by
          default).
        </EmptyView>
      )}
    </Stack>
  );
}

/** A result card: its title, the CSV download, and the body (table, loading, empty or error state). */
export function ResultCard({
  title,
  csvHref,
  csvLabel,
  children,
}: {
  title: string;
  csvHref: string;
  csvLabel: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz={15} fw={600}>
          {title}
        </Title>
        <Button component="a" href={csvHref} download size="xs" variant="default">
          {csvLabel}
        </Button>
      </Group>
      {children}
    </Card>
  );
}
