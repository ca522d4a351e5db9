// `sightline campaign …` (issue 25): a script sets up a campaign through the same service as the API — as a
// user whose roles apply — and bad input exits non-zero with the line or value and why, writing nothing.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeStores, openStores } from '@server/app';
import { loadConfig } from '@server/config';
import { seedOrganisation, seedUser } from './api/helpers';

const dir = mkdtempSync(join(tmpdir(), 'sightline-cli-campaign-'));
const env = { DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', SIGHTLINE_ADMIN_EMAIL: 'ops@acme.test' };

const cli = (...args: string[]) =>
  promisify(execFile)(
    join(process.cwd(), 'node_modules/.bin/tsx'),
    ['src/cli/main.ts', 'campaign', ...args],
    {
      env: { ...process.env, ...env },
    },
  ).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

beforeAll(async () => {
  const stores = await openStores(loadConfig(env));
  const org = await seedOrganisation(stores, 'Acme');
  await seedUser(stores, org.id, 'ops@acme.test', ['ROLE_CV', 'ROLE_ADMIN']);
  await seedUser(stores, org.id, 'viewer@acme.test', ['ROLE_VE']);
  await closeStores(stores);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each command is a process of its own (about 5 s to start under tsx on this machine).
describe('sightline campaign', { timeout: 120_000 }, () => {
  it('creates a campaign, adds keywords from a file, a domain and a group, and deletes it', async () => {
    const created = await cli('create', '--project', 'Travel', '--name', 'UK flights', '--market', 'gb-en');
    expect(created.code, created.err).toBe(0);
    const id = /campaign (\d+)/u.exec(created.out)![1]!;
    const file = join(dir, 'keywords.tsv');
    writeFileSync(file, 'cheap flights\t90,500\tflights,deals\nhotels in rome\t12100\n\nvillas\n');
    const added = await cli('add-keywords', id, file, '--group', 'Deals');
    expect(added.out).toContain('Added 3 keywords, updated 0; the campaign holds 3.');
    const domain = await cli(
      'add-domain',
      id,
      'https://www.wanderlane.co.uk/',
      '--own',
      '--label',
      'Wanderlane',
    );
    expect(domain.out).toContain('Tracking www.wanderlane.co.uk (own)');
    const group = await cli('add-group', id, '--label', 'Sellers', 'a.com', 'b.com');
    expect(group.out).toContain('"Sellers": a.com, b.com');
    const removed = await cli('remove-keywords', id, 'VILLAS', 'nope');
    expect(removed.out).toContain('Removed 1 keywords; the campaign holds 2.');
    expect(removed.out).toContain('Not in the campaign: nope');
    const list = await cli('list');
    expect(list.out).toMatch(new RegExp(`campaign ${id}  UK flights  gb-en  2 keywords`, 'u'));

    const stores = await openStores(loadConfig(env));
    try {
      const members = await stores.rank.readCampaignKeywords(Number(id));
      expect(members.map((m) => m.groups)).toEqual([['Deals'], ['Deals']]);
      const audit = await stores.meta.listAudit(1, 20, 0);
      expect(audit.every((e) => e.userEmail === 'ops@acme.test')).toBe(true);
    } finally {
      await closeStores(stores);
    }
    expect((await cli('delete', id)).code).toBe(0);
    expect((await cli('list')).out).not.toContain('UK flights');
  });

  it('refuses bad input, a missing role and an unknown user, naming what is wrong', async () => {
    const created = await cli('create', '--project', 'P', '--name', 'C', '--market', 'gb-en');
    const id = /campaign (\d+)/u.exec(created.out)![1]!;
    const file = join(dir, 'bad.tsv');
    writeFileSync(file, 'fine\nbad\tcze.84\n');
    const bad = await cli('add-keywords', id, file);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('line 2: search volume "cze.84" is not a whole number');
    expect((await cli('list')).out).toMatch(new RegExp(`campaign ${id}  C  gb-en  0 keywords`, 'u'));
    const value = await cli('add-domain', id, '../../etc/passwd');
    expect(value.code).toBe(2);
    expect(value.err).toContain('"../../etc/passwd" cannot be tracked');
    const role = await cli('add-domain', id, 'a.com', '--as', 'viewer@acme.test');
    expect(role.err).toContain('lacks the role ROLE_CV');
    expect((await cli('list', '--as', 'nobody@acme.test')).err).toContain('No active user nobody@acme.test');
    expect((await cli('create', '--project', 'P', '--name', 'C', '--market', 'England')).err).toMatch(
      /market/u,
    );
  });
});
