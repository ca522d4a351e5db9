// The market selector: lists the markets (/api/v1/markets) and keeps one selected in the market store; the
// first market is chosen until the user or the address picks another.
import { useEffect } from 'react';
import { Select, Tooltip } from '@mantine/core';
import { describeError } from '../../api/client';
import { useMarkets } from '../../api/use-workspace';
import { useMarketStore } from '../../state/market-store';

/** `width`: px in the header, '100%' in the narrow-screen sidebar. */
export function MarketSelect({ width = 224 }: { width?: number | string }) {
  const query = useMarkets();
  const market = useMarketStore((s) => s.market);
  const setMarket = useMarketStore((s) => s.setMarket);
  const items = query.data?.items ?? [];
  useEffect(() => {
    const first = query.data?.items[0];
    if (market === null && first) setMarket(first.code);
  }, [market, query.data, setMarket]);

  const select = (
    <Select
      size="xs"
      w={width}
      aria-label="Market"
      leftSection={
        <span aria-hidden="true" style={{ fontSize: 11, color: 'var(--mantine-color-gray-6)' }}>
          Market
        </span>
      }
      leftSectionWidth={56}
      placeholder={query.isPending ? 'Loading…' : query.isError ? 'Unavailable' : 'No markets'}
      data={items.map((m) => ({ value: m.code, label: m.name }))}
      value={market}
      onChange={(v) => v !== null && setMarket(v)}
      disabled={items.length === 0}
      error={query.isError}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No market matches"
      comboboxProps={{ width: 260, position: 'bottom-start' }}
    />
  );
  return query.isError ? (
    <Tooltip label={`Markets could not be loaded: ${describeError(query.error)}`}>{select}</Tooltip>
  ) : (
    select
  );
}
