// The sidebar of spec §2: every section and sub-section the user may see (their role, a built module), each
// a real link, with a "New" badge on marked items. A section whose one item carries the section's own name
// is shown as that single link rather than a heading over a lone item.
import { Badge, Box, NavLink, Text } from '@mantine/core';
import { Link } from 'react-router';
import { visibleNavigation } from '@core/navigation';
import type { ModuleId, NavSection } from '@core/navigation';
import type { Role } from '@core/roles';
import type { Locale } from '@core/locale';
import { BUILT_MODULES } from './built-modules';
import { navItemHint, navItemHref } from './nav-href';
import type { NavContext } from './nav-href';
import classes from './Sidebar.module.css';

export interface SidebarProps {
  roles: readonly Role[];
  /** The user's organisation is the instance operator's (operator-only items show). */
  operator?: boolean;
  activeItem: string | null;
  context: NavContext;
  locale: Locale;
  builtModules?: ReadonlySet<ModuleId>;
  onNavigate?: () => void;
}

const singular = (s: string) => s.toLowerCase().replace(/s$/, '');

function isSolo(section: NavSection): boolean {
  return section.items.length === 1 && singular(section.items[0]!.label) === singular(section.label);
}

export function Sidebar({
  roles,
  operator = true,
  activeItem,
  context,
  locale,
  builtModules = BUILT_MODULES,
  onNavigate,
}: SidebarProps) {
  const sections = visibleNavigation(roles, builtModules, operator);
  const link = (item: NavSection['items'][number]) => {
    const href = navItemHref(item, context, locale);
    const active = item.id === activeItem;
    const badge = item.isNew ? (
      <Badge size="xs" variant="light" color="teal">
        New
      </Badge>
    ) : undefined;
    if (href === null) {
      return (
        <NavLink
          key={item.id}
          label={item.label}
          description={navItemHint(item, context)}
          rightSection={badge}
          disabled
          className={classes.link}
        />
      );
    }
    return (
      <NavLink
        key={item.id}
        component={Link}
        to={href}
        label={item.label}
        rightSection={badge}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        className={classes.link}
      />
    );
  };

  return (
    <Box component="nav" aria-label="Main" className={classes.nav}>
      {sections.map((section) =>
        isSolo(section) ? (
          <div key={section.id} className={classes.block}>
            {link(section.items[0]!)}
          </div>
        ) : (
          <div key={section.id} role="group" aria-labelledby={`nav-${section.id}`} className={classes.block}>
            <Text id={`nav-${section.id}`} className={classes.heading}>
              {section.label}
            </Text>
            {section.items.map(link)}
          </div>
        ),
      )}
    </Box>
  );
}
