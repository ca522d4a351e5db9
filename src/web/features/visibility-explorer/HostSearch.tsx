// The explorer's search box: a host (registrable domain, host, or host with a path) with suggestions from the
// market's autocomplete, and the market; "Explore" opens /{host}/{market}/competitive-analysis/ve.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Autocomplete, Button, Group, Select } from '@mantine/core';
import { parseHostFilter } from '@core/host-match';
import { useVeAutocomplete } from '../../api/use-visibility-explorer';
import { useMarkets } from '../../api/use-workspace';

export function HostSearch({
  host,
  market,
  onExplore,
}: {
  host: string;
  market: string | null;
  onExplore: (host: string, market: string) => void;
}) {
  const [text, setText] = useState(host);
  const [chosenMarket, setChosenMarket] = useState<string | null>(market);
  const markets = useMarkets();
  const suggestions = useVeAutocomplete(chosenMarket, text);
  const parsed = parseHostFilter(text.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (parsed !== null && chosenMarket !== null) onExplore(parsed.value, chosenMarket);
  };
  return (
    <form onSubmit={submit} aria-label="Explore a host">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Autocomplete
          label="Domain, host or host with a path"
          placeholder="example.com/blog"
          value={text}
          onChange={setText}
          data={(suggestions.data?.items ?? []).map((s) => s.value)}
          error={text.trim() !== '' && parsed === null ? 'Not a domain, host or host with a path' : undefined}
          w={340}
        />
        <Select
          label="Market"
          placeholder={markets.isLoading ? 'Loading markets…' : 'Choose a market'}
          data={(markets.data?.items ?? []).map((m) => ({ value: m.code, label: `${m.name} (${m.code})` }))}
          value={chosenMarket}
          onChange={setChosenMarket}
          w={260}
          searchable
        />
        <Button type="submit" disabled={parsed === null || chosenMarket === null}>
          Explore
        </Button>
      </Group>
    </form>
  );
}
