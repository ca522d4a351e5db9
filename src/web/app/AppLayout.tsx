// The app shell: Mantine AppShell with the brand and sidebar on the left, the header on top, and the screen
// in the main area. On narrow screens the header's context selectors move into the collapsible sidebar. Keeps
// the navigation store's section and sub-section, and the header's market and project, in step with the
// address (use-page-context.ts).
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { AppShell, Burger, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NAVIGATION } from '@core/navigation';
import { useMarketStore } from '../state/market-store';
import { useNavigationStore } from '../state/navigation-store';
import { DateRangeControl } from './header/DateRangeControl';
import { MarketSelect } from './header/MarketSelect';
import { ProjectSelect } from './header/ProjectSelect';
import { TemplateSelect } from './header/TemplateSelect';
import { HeaderBar } from './HeaderBar';
import { Logo } from './Logo';
import { useRoute } from './route-context';
import { useSession } from './session-context';
import { Sidebar } from './Sidebar';
import { usePageNavContext, usePageSelection } from './use-page-context';
import classes from './AppLayout.module.css';

export function AppLayout({ children }: { children: ReactNode }) {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { match, params, locale } = useRoute();
  const { user } = useSession();
  const { context } = usePageNavContext();
  const setMarket = useMarketStore((s) => s.setMarket);
  const setNavigation = useNavigationStore((s) => s.setNavigation);
  const navItem = match?.route.navItem ?? null;

  useEffect(() => {
    if (!navItem) return;
    const section = NAVIGATION.find((s) => s.items.some((i) => i.id === navItem));
    if (section) setNavigation(section.id, navItem);
  }, [navItem, setNavigation]);

  useEffect(() => {
    if (params.market) setMarket(params.market);
  }, [params.market, setMarket]);
  usePageSelection();

  return (
    <AppShell
      layout="alt"
      header={{ height: 52 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <AppShell.Header>
        <HeaderBar navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar}>
        <AppShell.Section className={classes.brand}>
          {/* On a phone the open menu covers the header's burger: this one closes it. */}
          <Burger opened onClick={close} hiddenFrom="sm" size="sm" aria-label="Close navigation" mr="sm" />
          <Group gap={10} wrap="nowrap">
            <Logo size={26} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} size="sm" lh={1.2}>
                Sightline
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.organisationName}
              </Text>
            </Stack>
          </Group>
        </AppShell.Section>
        <AppShell.Section hiddenFrom="lg" className={classes.context}>
          <Stack gap={6}>
            <ProjectSelect width="100%" />
            <MarketSelect width="100%" />
            <DateRangeControl width="100%" />
            <TemplateSelect width="100%" />
          </Stack>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <Sidebar
            roles={user.roles}
            operator={user.operator}
            activeItem={navItem}
            context={context}
            locale={locale}
            onNavigate={close}
          />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main" className={classes.main} tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
