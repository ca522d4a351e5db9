// The modules built so far. The sidebar shows, and the router registers, only what is listed here: an item of
// an unbuilt module is hidden rather than shown as a placeholder.
import type { ModuleId } from '@core/navigation';
import { registeredRoutes } from '../routes/route-table';
import type { AppModule, AppRoute } from '../routes/route-table';

export const BUILT_MODULES: ReadonlySet<ModuleId> = new Set<ModuleId>([
  'dashboard',
  'campaigns',
  'admin',
  'report-creation',
  'imports',
  'campaign-visibility',
  'visibility-explorer',
]);

export function isBuilt(module: AppModule): boolean {
  return (BUILT_MODULES as ReadonlySet<string>).has(module);
}

export const REGISTERED_ROUTES: readonly AppRoute[] = registeredRoutes(isBuilt);
