// `sightline org …` (issue 27): the instance operator creates an organisation from the machine, its first
// administrator signs in with the one-time password printed once, and bad input exits 2 naming the flag,
// writing nothing.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeStores, openStores } from '@server/app';
import { verifyPassword } from '@server/auth/passwords';
import { loadConfig } from '@server/config';
import { seedOrganisation } from './api/helpers';

const dir = mkdtempSync(join(tmpdir(), 'sightline-cli-org-'));
const env = { DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' };

const cli = (...args: string[]) =>
  promisify(execFile)(join(process.cwd(), 'node_modules/.bin/tsx'), ['src/cli/main.ts', 'org', ...args], {
    env: { ...process.env, ...env },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

beforeAll(async () => {
  const stores = await openStores(loadConfig(env));
  await seedOrganisation(stores, 'Sightline');
  await closeStores(stores);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each command is a process of its own (about 5 s to start under tsx on this machine).
describe('sightline org', { timeout: 120_000 }, () => {
  it('creates an organisation with its first administrator and lists it beside the operator', async () => {
    const created = await cli('create', '--name', 'Globex', '--admin-email', 'Admin@Globex.test');
    expect(created.code, created.err).toBe(0);
    expect(created.out).toContain('Created organisation 2 "Globex".');
    expect(created.out).toContain('first administrator: admin@globex.test');
    const password = /password: (\S+)/u.exec(created.out)![1]!;
    const listed = await cli('list');
    expect(listed.out.trim().split('\n')).toEqual(['1\tSightline\t(operator)', '2\tGlobex']);
    const stores = await openStores(loadConfig(env));
    try {
      const admin = await stores.meta.findUserByEmail('admin@globex.test');
      expect(admin).toMatchObject({ organisationId: 2, name: 'Administrator' });
      expect(admin!.roles).toContain('ROLE_ADMIN');
      expect(await verifyPassword(admin!.passwordHash, password)).toBe(true);
      expect(await stores.meta.listMarkets(2)).toEqual([]);
    } finally {
      await closeStores(stores);
    }
  });

  it('refuses bad or taken input with the flag and why, creating nothing', async () => {
    const missing = await cli('create', '--name', 'Initech');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--admin-email');
    const taken = await cli('create', '--name', 'Initech', '--admin-email', 'admin@globex.test');
    expect(taken.code).toBe(2);
    expect(taken.err).toContain('admin@globex.test already has an account');
    const blank = await cli('create', '--name', '  ', '--admin-email', 'x@initech.test');
    expect(blank.code).toBe(2);
    expect(blank.err).toContain('--name: name the organisation');
    expect((await cli('list')).out).not.toContain('Initech');
  });
});
