// The header: the breadcrumb title (held in the navigation store) on the left; on the right the context every
// screen works in (project, market, date range, template) and the user menu. The four context controls take
// about 800 px, so below Mantine's `lg` breakpoint (1200 px) they live in the sidebar instead (AppLayout).
import { Anchor, Box, Breadcrumbs, Burger, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useNavigationStore } from '../state/navigation-store';
import { DateRangeControl } from './header/DateRangeControl';
import { MarketSelect } from './header/MarketSelect';
import { NotificationBell } from './header/NotificationBell';
import { ProjectSelect } from './header/ProjectSelect';
import { TemplateSelect } from './header/TemplateSelect';
import { UserMenu } from './header/UserMenu';

export function HeaderBar({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const breadcrumb = useNavigationStore((s) => s.breadcrumb);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Box component="nav" aria-label="Breadcrumb" style={{ minWidth: 0 }}>
          <Breadcrumbs separator="/" separatorMargin={6} style={{ flexWrap: 'nowrap' }}>
            {breadcrumb.map((crumb, i) =>
              crumb.href && i < breadcrumb.length - 1 ? (
                <Anchor key={i} component={Link} to={crumb.href} size="sm" c="dimmed">
                  {crumb.label}
                </Anchor>
              ) : (
                <Text
                  key={i}
                  size="sm"
                  fw={600}
                  truncate
                  aria-current={i === breadcrumb.length - 1 ? 'page' : undefined}
                >
                  {crumb.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        </Box>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Box visibleFrom="lg">
          <Group gap={6} wrap="nowrap">
            <ProjectSelect />
            <MarketSelect />
            <DateRangeControl />
            <TemplateSelect />
          </Group>
        </Box>
        <NotificationBell />
        <UserMenu />
      </Group>
    </Group>
  );
}
