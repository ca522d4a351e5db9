// The modules built so far. The sidebar shows, and the router registers, only what is listed here: an item of
// an unbuilt module is hidden rather than shown as a placeholder.
import type { ModuleId } from '@core/navigation';
import { registeredRoutes } from '../routes/route-table';
import type { AppModule, AppRoute, RouteOnlyModule } from '../routes/route-table';

export const BUILT_MODULES: ReadonlySet<ModuleId> = new Set<ModuleId>([
  'dashboard',
  'campaigns',
  'admin',
  'report-creation',
  'imports',
  'campaign-visibility',
  'visibility-explorer',
  'project-visibility',
  'tasks',
  'search-console',
  'rank-tracking',
  'page-analysis',
  'tag-analysis',
]);

/** Built modules reached by address only (no sidebar item of their own). */
export const BUILT_ROUTE_MODULES: ReadonlySet<RouteOnlyModule> = new Set<RouteOnlyModule>([
  'content-clusters',
  'demo',
  'market-explorer',
  'market-share',
  'one-to-one',
  'recommendation',
]);

export function isBuilt(module: AppModule): boolean {
  return (
    (BUILT_MODULES as ReadonlySet<string>).has(module) ||
    (BUILT_ROUTE_MODULES as ReadonlySet<string>).has(module)
  );
}

export const REGISTERED_ROUTES: readonly AppRoute[] = registeredRoutes(isBuilt);
