// The form of the market-share family of screens (market explorer, recommendation, content clusters): a host
// (registrable domain, host or host with a path, with the market's autocomplete), the market, and how far
// back the comparison reaches (spec §2 `time`, default year).
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Autocomplete, Button, Group, Select } from '@mantine/core';
import { TIME_SPANS, type TimeSpan } from '@core/date-range';
import { parseHostFilter } from '@core/host-match';
import { useVeAutocomplete } from '../api/use-visibility-explorer';
import { useMarkets } from '../api/use-workspace';

export const TIME_LABELS: Record<TimeSpan, string> = {
  week: 'A week',
  month: 'A month',
  quarter: 'A quarter',
  'half-year': 'Half a year',
  year: 'A year',
};

/** The `time` of an address, or the default year when absent or unknown. */
export function timeSpanOf(value: string | null | undefined): TimeSpan {
  return TIME_SPANS.find((t) => t === value) ?? 'year';
}

export function HostMarketTimeForm({
  host,
  market,
  time,
  submitLabel,
  onShow,
  hostOptional = false,
  marketCodes,
}: {
  host: string;
  market: string | null;
  time: TimeSpan;
  submitLabel: string;
  /** `host` is '' when the field is left empty (market share: the host only adds a highlighted line). */
  onShow: (host: string, market: string, time: TimeSpan) => void;
  hostOptional?: boolean;
  /** Only these markets are offered (e.g. the organisation's); every market of the workspace otherwise. */
  marketCodes?: readonly string[];
}) {
  const [text, setText] = useState(host);
  const [chosenMarket, setChosenMarket] = useState<string | null>(market);
  const [chosenTime, setChosenTime] = useState<TimeSpan>(time);
  const markets = useMarkets();
  const suggestions = useVeAutocomplete(chosenMarket, text);
  const parsed = parseHostFilter(text.trim());
  const noHost = hostOptional && text.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosenMarket === null) return;
    if (noHost) onShow('', chosenMarket, chosenTime);
    else if (parsed !== null) onShow(parsed.value, chosenMarket, chosenTime);
  };
  const offered = (markets.data?.items ?? []).filter((m) => marketCodes?.includes(m.code) ?? true);
  return (
    <form onSubmit={submit} aria-label="Choose host, market and time">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Autocomplete
          label={hostOptional ? 'Highlight a domain (optional)' : 'Domain, host or host with a path'}
          placeholder="example.com"
          value={text}
          onChange={setText}
          data={(suggestions.data?.items ?? []).map((s) => s.value)}
          error={text.trim() !== '' && parsed === null ? 'Not a domain, host or host with a path' : undefined}
          w={300}
        />
        <Select
          label="Market"
          placeholder={markets.isLoading ? 'Loading markets…' : 'Choose a market'}
          data={offered.map((m) => ({ value: m.code, label: `${m.name} (${m.code})` }))}
          value={chosenMarket}
          onChange={setChosenMarket}
          w={240}
          searchable
        />
        <Select
          label="Compare with"
          data={TIME_SPANS.map((t) => ({ value: t, label: `${TIME_LABELS[t]} earlier` }))}
          value={chosenTime}
          onChange={(v) => setChosenTime(timeSpanOf(v))}
          allowDeselect={false}
          w={170}
        />
        <Button type="submit" disabled={(parsed === null && !noHost) || chosenMarket === null}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
