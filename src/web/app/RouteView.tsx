// Draws the page for the current address: matches it against the registered routes (with the optional
// locale segment), provides the match to the screens, sends the page event, and picks the frame — public
// page, redirect, or a screen inside the session gate and app shell.
import { useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { landingItem, visibleNavigation } from '@core/navigation';
import { ROLE_DESCRIPTIONS } from '@core/roles';
import { parseLocale, toBcp47 } from '@core/locale';
import { analytics } from '../analytics/analytics-client';
import { usePageTracking } from '../analytics/use-page-tracking';
import { EmptyView, TableSkeleton } from '../components/StateViews';
import { DemoPage } from '../features/demo/DemoPage';
import { AcceptInvitationPage } from '../features/invite/AcceptInvitationPage';
import { LoginPage } from '../features/login/LoginPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { localisePath, matchRoute } from '../routes/match-route';
import type { RouteMatch } from '../routes/match-route';
import { routingParams } from '../routes/routing-params';
import { AppLayout } from './AppLayout';
import { BUILT_MODULES, REGISTERED_ROUTES } from './built-modules';
import { navItemHref } from './nav-href';
import { RouteContext, useRoute } from './route-context';
import { hasScreen, LoadedScreen } from './screens';
import { SessionGate } from './SessionGate';
import { useSession } from './session-context';
import { useBreadcrumb } from './use-breadcrumb';
import { usePageNavContext } from './use-page-context';

/**
 * `/` (where sign-in lands) goes to the default sub-section when the user may see it — the Visibility Explorer
 * of the current project's own site, or its search page when no site is known — else to the first item they
 * may see, or when the workspace has no project yet. It waits for the current project and market first. An item whose address needs a value not chosen
 * yet (a project) gives way to the next one that has an address.
 */
function LandingRedirect() {
  const { user } = useSession();
  const { locale } = useRoute();
  const { context, settled } = usePageNavContext();
  const sections = visibleNavigation(user.roles, BUILT_MODULES, user.operator);
  const first = landingItem(sections);
  // Without any project (an empty workspace) there is nothing to explore yet: the first screen the user may
  // see opens instead, for a new organisation the dashboard's welcome.
  const landing = context.projectId === null ? null : first;
  const href = [landing, ...sections.flatMap((s) => s.items)]
    .map((item) => item && navItemHref(item, context, locale))
    .find((h): h is string => typeof h === 'string');
  useBreadcrumb([{ label: 'Home' }]);
  if (!settled) return <TableSkeleton />;
  if (href) return <Navigate to={href} replace />;
  return (
    <EmptyView title="Nothing to open yet">
      Your account has no role that opens a screen of Sightline. Ask an administrator of{' '}
      {user.organisationName} to grant you one.
    </EmptyView>
  );
}

function Forbidden({ match }: { match: RouteMatch }) {
  const { user } = useSession();
  const role = match.route.requires!;
  useBreadcrumb([{ label: 'No access' }]);
  return (
    <EmptyView title="You do not have access to this page">
      It needs the {role} role ({ROLE_DESCRIPTIONS[role].toLowerCase()}). Ask an administrator of{' '}
      {user.organisationName} to grant it.
    </EmptyView>
  );
}

function Screen({ match }: { match: RouteMatch }) {
  const { user } = useSession();
  const name = match.route.name;
  if (name === 'home') return <LandingRedirect />;
  if (match.route.requires && !user.roles.includes(match.route.requires)) return <Forbidden match={match} />;
  return hasScreen(name) ? <LoadedScreen name={name} /> : <NotFoundPage />;
}

function RouteContent({ match }: { match: RouteMatch | null }) {
  if (!match) return <NotFoundPage />;
  const { route, locale } = match;
  if (route.kind === 'redirect' && route.redirectTo)
    return <Navigate to={localisePath(route.redirectTo, locale)} replace />;
  if (route.kind === 'public') {
    if (route.name === 'demo') return <DemoPage />;
    // A public screen loaded on first use (the one-to-one share link's page).
    if (hasScreen(route.name)) return <LoadedScreen name={route.name} />;
    return route.name === 'login' ? <LoginPage /> : <AcceptInvitationPage />;
  }
  return (
    <SessionGate>
      <AppLayout>
        <Screen match={match} />
      </AppLayout>
    </SessionGate>
  );
}

export function RouteView() {
  const location = useLocation();
  const match = useMemo(() => matchRoute(location.pathname, REGISTERED_ROUTES), [location.pathname]);
  const value = useMemo(() => {
    const params = routingParams(match, new URLSearchParams(location.search));
    // An unknown address still formats in the locale its last segment names, if any.
    const locale = match?.locale ?? parseLocale(location.pathname.split('/').filter(Boolean).pop());
    return { match, params, locale };
  }, [match, location.search, location.pathname]);
  usePageTracking(analytics, match, location.pathname);
  useEffect(() => {
    document.documentElement.lang = toBcp47(value.locale);
  }, [value.locale]);
  return (
    <RouteContext.Provider value={value}>
      <RouteContent match={match} />
    </RouteContext.Provider>
  );
}
