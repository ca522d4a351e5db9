// The market of a campaign as a field: the workspace's markets to choose from (code and name), or a new code
// typed in, named below the field as it would be created (`A new market: Germany (German, mobile)`).
import { Autocomplete, Group, Text } from '@mantine/core';
import { marketParam } from '@contracts/common';
import { marketFromCode } from '@core/market';
import { useMarkets } from '../../api/use-workspace';

/** The code a typed market stands for (trimmed, lower case). */
export const marketCode = (typed: string): string => typed.trim().toLowerCase();

/** Why a typed market is refused before it is sent, or null. */
export function marketProblem(typed: string): string | null {
  return marketParam.safeParse(marketCode(typed)).success
    ? null
    : 'Expected a market code such as gb-en or us-en-mobile.';
}

export function MarketField({
  value,
  onChange,
  error,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  autoFocus?: boolean;
}) {
  const markets = useMarkets();
  const known = new Map((markets.data?.items ?? []).map((m) => [m.code, m.name]));
  const code = marketCode(value);
  const hint =
    marketProblem(value) !== null
      ? 'Country and language code, with -mobile for mobile results'
      : (known.get(code) ?? `A new market: ${marketFromCode(code).name}`);
  return (
    <Autocomplete
      label="Market"
      description={hint}
      placeholder="gb-en, us-en or de-de-mobile"
      data={[...known.keys()]}
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" ff="monospace">
            {option.value}
          </Text>
          <Text size="xs" c="dimmed">
            {known.get(option.value)}
          </Text>
        </Group>
      )}
      value={value}
      onChange={onChange}
      error={error}
      data-autofocus={autoFocus || undefined}
    />
  );
}
