// Widgets config per user (issue 4): reads and saves the signed-in user's widget order, visibility and
// expanded widget of one screen module. A stored config that no longer fits the contract reads as null, so the
// screen falls back to its defaults instead of failing.
import { widgetsConfig } from '@contracts/widgets';
import type { WidgetsConfig, WidgetsResponse } from '@contracts/widgets';
import type { MetaStore, UserWidgets } from '@storage/meta-store';
import type { AuthContext } from '../auth/session';

function view(moduleName: string, row: UserWidgets | null): WidgetsResponse {
  if (row === null) return { moduleName, config: null, updatedAt: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.config);
  } catch {
    parsed = null;
  }
  const config = widgetsConfig.safeParse(parsed);
  return { moduleName, config: config.success ? config.data : null, updatedAt: row.updatedAt };
}

export class WidgetsService {
  constructor(
    private readonly meta: MetaStore,
    private readonly now: () => Date,
  ) {}

  async get(auth: AuthContext, moduleName: string): Promise<WidgetsResponse> {
    return view(moduleName, await this.meta.getUserWidgets(auth.user.id, moduleName));
  }

  async save(auth: AuthContext, moduleName: string, config: WidgetsConfig): Promise<WidgetsResponse> {
    const row = await this.meta.saveUserWidgets(
      auth.user.id,
      moduleName,
      JSON.stringify(config),
      this.now().toISOString(),
    );
    return view(moduleName, row);
  }
}
