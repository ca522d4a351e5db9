// Fixtures shared by the MetaStore conformance suite and its case files: fixed instants, hostile strings, the
// suite context and the one-call workspace seed.
import type { Role } from '@core/roles';
import type { MetaStore } from '@storage/meta-store';

export const NOW = '2025-03-01T12:00:00.000Z';
export const LATER = '2025-03-08T12:00:00.000Z';
/** Strings that break naive SQL or encoding: quotes, backslashes, an injection attempt, non-BMP Unicode. */
export const HOSTILE = [
  `O'Brien's "quoted" \`ticks\``,
  'back\\slash \\\\ \\n \\0 \\x27',
  `'; DROP TABLE users; --`,
  `Robert'); DELETE FROM organisations WHERE ('1'='1`,
  '📈 visibility ünïcödé 日本語 العربية 🏳️‍🌈',
  '100% _like_ $1 :name ? \t tab \n newline',
];

/** What the case files share: the open store, a unique-name source and a one-call workspace seed. */
export interface MetaSuiteContext {
  readonly store: MetaStore;
  open(): Promise<MetaStore>;
  unique(prefix: string): string;
  seed(roles?: Role[]): ReturnType<typeof seedWorkspace>;
}

/** An organisation with one admin user, one project and one campaign in market gb-en. */
export async function seedWorkspace(store: MetaStore, unique: (prefix: string) => string, roles: Role[]) {
  const org = await store.createOrganisation(unique('org'), NOW);
  const user = await store.createUser({
    organisationId: org.id,
    email: `${unique('admin')}@example.com`,
    name: 'Admin',
    passwordHash: 'hash',
    roles,
    now: NOW,
  });
  const project = await store.createProject(org.id, unique('project'), NOW);
  const campaign = await store.createCampaign(
    { organisationId: org.id, projectId: project.id, name: unique('campaign'), market: 'gb-en' },
    NOW,
  );
  return { org, user, project, campaign };
}
