// The welcome of a workspace without campaigns (a fresh `serve --no-demo`, or after deleting the demo): three
// ways in instead of an empty chart — create a campaign with the set-up wizard, import data, or explore a
// domain's visibility in a market — each shown to those whose roles open it.
import type { ReactNode } from 'react';
import { Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useMarkets } from '../../api/use-workspace';
import { useHref, useLocale } from '../../app/route-context';
import { useSession } from '../../app/session-context';
import { PlusIcon, SearchIcon, UploadIcon } from '../../components/icons';
import { buildPath } from '../../routes/match-route';
import { routeByName } from '../../routes/route-table';
import { HostSearch } from '../visibility-explorer/HostSearch';

function Path({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon variant="light" size="lg" radius="xl">
          {icon}
        </ThemeIcon>
        <Title order={2} fz={16} fw={600}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function WelcomeView({ organisationName }: { organisationName: string }) {
  const { user } = useSession();
  const href = useHref();
  const navigate = useNavigate();
  const locale = useLocale();
  const markets = useMarkets();
  const may = (role: 'ROLE_CV' | 'ROLE_VE') => user.roles.includes(role);
  const hasMarkets = (markets.data?.items.length ?? 0) > 0;
  return (
    <Stack gap="md" data-testid="welcome">
      <Stack gap={4}>
        <Title order={1} fz={24} fw={650}>
          Welcome to Sightline
        </Title>
        <Text c="dimmed">
          {organisationName} has no campaign yet. A campaign is a set of keywords in one market, with your
          domain and its competitors; Sightline then shows how visible each of them is in the search results.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {may('ROLE_CV') && (
          <Path icon={<PlusIcon size={18} />} title="Create a campaign">
            <Text size="sm">
              Step by step: project, market, keywords (typed, pasted, picked or imported), your domain and
              competitors, groups, and rank checks.
            </Text>
            <Button component={Link} to={href('/campaigns/new')}>
              New campaign
            </Button>
          </Path>
        )}
        {may('ROLE_CV') && (
          <Path icon={<UploadIcon size={18} />} title="Import data">
            <Text size="sm">
              SERP exports, provider JSON, rank-tracker sheets, Search Console exports and keyword lists with
              volumes. Each import is written whole or not at all.
            </Text>
            <Button component={Link} to={href('/imports')} variant="light">
              Import data
            </Button>
          </Path>
        )}
        {may('ROLE_VE') && (
          <Path icon={<SearchIcon size={18} />} title="Explore a domain">
            <Text size="sm">
              {hasMarkets
                ? 'How visible any domain is in a market’s stored search results, without a campaign.'
                : 'The visibility explorer reads the search results stored per market: import some first, then explore any domain in them.'}
            </Text>
            {hasMarkets && (
              <HostSearch
                host=""
                market={markets.data?.items[0]?.code ?? null}
                onExplore={(hosts, market) =>
                  void navigate(
                    href(buildPath(routeByName('visibility-explorer'), { hosts, market }, locale)),
                  )
                }
              />
            )}
          </Path>
        )}
      </SimpleGrid>
    </Stack>
  );
}
