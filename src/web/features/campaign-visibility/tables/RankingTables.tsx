// The two ranking tables of the campaign-visibility screen, keywords first.
import { Stack } from '@mantine/core';
import { KeywordRankingTable } from './KeywordRankingTable';
import { UrlRankingTable } from './UrlRankingTable';

export function RankingTables() {
  return (
    <Stack gap="md">
      <KeywordRankingTable />
      <UrlRankingTable />
    </Stack>
  );
}
