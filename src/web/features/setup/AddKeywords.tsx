// The three ways an analyst brings keywords to a campaign, as tabs: typed or pasted (with volumes, tags and a
// keyword group), picked from the keywords the market already holds, or a keyword-list file through the
// importer with the campaign preselected (in a new tab, so a wizard in progress stays where it is).
import { Button, Group, List, Stack, Tabs, Text } from '@mantine/core';
import type { CampaignDetail } from '@contracts/workspace';
import { useInvalidateSetup } from '../../api/use-campaign-setup';
import { useCampaign } from '../../api/use-workspace';
import { useHref } from '../../app/route-context';
import { KeywordPasteBox } from './KeywordPasteBox';
import { MarketKeywordPicker } from './MarketKeywordPicker';

function ImportFileTab({ campaign }: { campaign: CampaignDetail }) {
  const href = useHref();
  const refreshing = useCampaign(campaign.id).isFetching;
  const invalidate = useInvalidateSetup();
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        The importer reads keyword lists with volumes from Google Keyword Planner, Ahrefs and Semrush, and
        SERP exports (the generic SERP CSV, provider JSON, rank-tracker sheets). Imported keywords of{' '}
        {campaign.market} join <b>{campaign.name}</b>.
      </Text>
      <List size="sm" type="ordered" spacing={2}>
        <List.Item>Open the importer: this campaign is chosen there already.</List.Item>
        <List.Item>Drop the file and import it; follow its progress there.</List.Item>
        <List.Item>Come back to this tab: the keywords appear below once the import has finished.</List.Item>
      </List>
      <Group>
        <Button
          component="a"
          href={href(`/imports?campaign=${campaign.id}`)}
          target="_blank"
          rel="noopener"
          variant="light"
        >
          Open the importer in a new tab
        </Button>
        <Button variant="default" onClick={() => invalidate(campaign.id)} loading={refreshing}>
          Refresh the keywords
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Or from a terminal: <code>npx sightline import file.csv --campaign {campaign.id}</code>
      </Text>
    </Stack>
  );
}

export function AddKeywords({ campaign }: { campaign: CampaignDetail }) {
  return (
    <Tabs defaultValue="paste" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="paste">Type or paste</Tabs.Tab>
        <Tabs.Tab value="market">Pick from {campaign.market}</Tabs.Tab>
        <Tabs.Tab value="file">Import a file</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="paste" pt="md">
        <KeywordPasteBox campaign={campaign} />
      </Tabs.Panel>
      <Tabs.Panel value="market" pt="md">
        <MarketKeywordPicker campaign={campaign} />
      </Tabs.Panel>
      <Tabs.Panel value="file" pt="md">
        <ImportFileTab campaign={campaign} />
      </Tabs.Panel>
    </Tabs>
  );
}
