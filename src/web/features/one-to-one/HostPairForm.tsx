// The one-to-one comparison's form: host A and host B (each a registrable domain, host or host with a path,
// with the market's autocomplete), the market, and how far back the comparison reaches (spec §2 `time`).
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Autocomplete, Button, Group, Select } from '@mantine/core';
import { TIME_SPANS, type TimeSpan } from '@core/date-range';
import { parseHostFilter } from '@core/host-match';
import { useVeAutocomplete } from '../../api/use-visibility-explorer';
import { useMarkets } from '../../api/use-workspace';
import { TIME_LABELS, timeSpanOf } from '../../components/HostMarketTimeForm';

function HostInput({
  label,
  market,
  value,
  onChange,
}: {
  label: string;
  market: string | null;
  value: string;
  onChange: (v: string) => void;
}) {
  const suggestions = useVeAutocomplete(market, value);
  const bad = value.trim() !== '' && parseHostFilter(value.trim()) === null;
  return (
    <Autocomplete
      label={label}
      placeholder="example.com"
      value={value}
      onChange={onChange}
      data={(suggestions.data?.items ?? []).map((s) => s.value)}
      error={bad ? 'Not a domain, host or host with a path' : undefined}
      w={240}
    />
  );
}

export function HostPairForm({
  hosts,
  market,
  time,
  onShow,
}: {
  hosts: string[];
  market: string | null;
  time: TimeSpan;
  onShow: (hosts: [string, string], market: string, time: TimeSpan) => void;
}) {
  const [a, setA] = useState(hosts[0] ?? '');
  const [b, setB] = useState(hosts[1] ?? '');
  const [chosenMarket, setChosenMarket] = useState<string | null>(market);
  const [chosenTime, setChosenTime] = useState<TimeSpan>(time);
  const markets = useMarkets();
  const pa = parseHostFilter(a.trim());
  const pb = parseHostFilter(b.trim());
  const same = pa !== null && pb !== null && pa.value === pb.value;
  const ready = pa !== null && pb !== null && !same && chosenMarket !== null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) onShow([pa.value, pb.value], chosenMarket, chosenTime);
  };
  return (
    <form onSubmit={submit} aria-label="Choose the two hosts, market and time">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <HostInput label="Host A" market={chosenMarket} value={a} onChange={setA} />
        <HostInput label="Host B" market={chosenMarket} value={b} onChange={setB} />
        <Select
          label="Market"
          placeholder={markets.isLoading ? 'Loading markets…' : 'Choose a market'}
          data={(markets.data?.items ?? []).map((m) => ({ value: m.code, label: `${m.name} (${m.code})` }))}
          value={chosenMarket}
          onChange={setChosenMarket}
          w={220}
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
        <Button type="submit" disabled={!ready}>
          Compare
        </Button>
      </Group>
      {same && <span role="alert">Choose two different hosts.</span>}
    </form>
  );
}
