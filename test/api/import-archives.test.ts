// Zip bombs through the imports API (issue 27 item 2): an archive is unpacked as a stream while it is read,
// so a zip that unpacks past SIGHTLINE_UNZIP_LIMIT_MB is refused by its bytes actually unpacked — naming the
// file, the limit and the setting — with nothing written, while GET /api/v1/markets goes on answering; an
// archive of binary content is refused at its first bytes, three in one request included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJobView } from '@contracts/imports';
import { Client, createTestApp, seedOrganisation, seedUser, type TestApp } from './helpers';
import { csvRows, repeatedZip, zeros } from '../support/zip-bomb';

const NOW = '2026-03-10T00:00:00.000Z';

let t: TestApp;
let analyst: Client;

function multipart(files: { name: string; content: Buffer }[]) {
  const boundary = '----sightline-archive-boundary';
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\n` +
        `Content-Type: application/zip\r\n\r\n`,
    ),
    f.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(query: string, files: { name: string; content: Buffer }[]): Promise<ImportJobView> {
  const { payload, contentType } = multipart(files);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/imports${query}`,
    headers: { cookie: analyst.cookie, 'x-csrf-token': analyst.csrfToken, 'content-type': contentType },
    payload,
  });
  expect(res.statusCode).toBe(202);
  return res.json() as ImportJobView;
}

async function job(id: number): Promise<ImportJobView> {
  return (await analyst.get(`/api/v1/imports/${id}`)).json() as ImportJobView;
}

const ended = (j: ImportJobView) => j.status === 'succeeded' || j.status === 'failed';

async function finished(id: number): Promise<ImportJobView> {
  for (;;) {
    const j = await job(id);
    if (ended(j)) return j;
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  t = await createTestApp({ env: { SIGHTLINE_UNZIP_LIMIT_MB: '16' }, now: () => new Date(NOW) });
  const org = await seedOrganisation(t.stores, 'Acme');
  await seedUser(t.stores, org.id, 'analyst@acme.test', ['ROLE_CV']);
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
});
afterAll(async () => t.close());

describe('imports API: archives', () => {
  it('refuses a zip that unpacks past the limit, writes nothing, and answers other requests meanwhile', async () => {
    // 64 MiB of CSV rows in a ~0.4 MB archive, four times the limit of 16 MB set for this app.
    const rows = csvRows('rows.csv', 64);
    const bomb = await repeatedZip([rows]);
    const before = await t.stores.rank.counts();
    const queued = await upload('', [{ name: 'bomb.zip', content: bomb }]);
    // Markets are asked for while the job runs: an answer counts when the job had not ended after it.
    let answeredWhileRunning = 0;
    let seenReading = false;
    for (;;) {
      const markets = await analyst.get('/api/v1/markets');
      expect(markets.statusCode).toBe(200);
      const now = await job(queued.id);
      if (ended(now)) break;
      answeredWhileRunning++;
      if (now.status === 'running' && now.bytesRead > 0) seenReading = true;
      // inject() and SQLite answer without waiting on I/O: let the loop reach the job's reads in between.
      await new Promise((r) => setImmediate(r));
    }
    expect(answeredWhileRunning).toBeGreaterThan(0);
    expect(seenReading).toBe(true);
    const done = await job(queued.id);
    expect(done).toMatchObject({ status: 'failed', rowsWritten: 0 });
    expect(done.error).toBe(
      'bomb.zip/rows.csv: the archive unpacks to more than the limit of 16 MB for one import (all its ' +
        'archives together): import its files in smaller parts, or raise SIGHTLINE_UNZIP_LIMIT_MB on the server',
    );
    expect(Object.values(done.written).every((n) => n === 0)).toBe(true);
    // It stopped at the limit: about a quarter of its rows were read (the first 100 were valid and staged).
    const total = (rows.block.toString().split('\n').length - 1) * rows.times;
    expect(done.rowsRead).toBeGreaterThan(100);
    expect(done.rowsRead).toBeLessThan(total / 2);
    expect(await t.stores.rank.counts()).toEqual(before);
  });

  it('counts the limit over every archive of one import', async () => {
    const half = await repeatedZip([csvRows('a.csv', 10)]);
    const queued = await upload('', [
      { name: 'first.zip', content: half },
      { name: 'second.zip', content: half },
    ]);
    const done = await finished(queued.id);
    expect(done).toMatchObject({ status: 'failed', rowsWritten: 0 });
    expect(done.error).toMatch(/^second\.zip\/a\.csv: the archive unpacks to more than the limit of 16 MB/u);
  });

  it('refuses binary content at its first bytes: three 1 GiB zips of zeros in one request', async () => {
    // The bomb: 1,024 MiB of zero bytes in a 1.0 MB archive, three times.
    const bomb = await repeatedZip([zeros('zeros.csv', 1024)]);
    expect(bomb.length).toBeLessThan(1.1e6);
    const before = await t.stores.rank.counts();
    const queued = await upload(
      '',
      ['one.zip', 'two.zip', 'three.zip'].map((name) => ({ name, content: bomb })),
    );
    const done = await finished(queued.id);
    expect(done).toMatchObject({ status: 'failed', rowsWritten: 0, rowsRead: 0 });
    expect(done.rejects.map((r) => [r.file, r.code])).toEqual([
      ['one.zip/zeros.csv', 'binary'],
      ['two.zip/zeros.csv', 'binary'],
      ['three.zip/zeros.csv', 'binary'],
    ]);
    expect(done.error).toBe(
      'one.zip/zeros.csv: the file is binary, not text (it holds NUL bytes): import CSV or JSON text, such as ' +
        'a report exported as CSV',
    );
    // With the format given, the text reader stops on the first NUL byte instead.
    const forced = await upload('?format=serp-csv', [{ name: 'bomb.zip', content: bomb }]);
    const refused = await finished(forced.id);
    expect(refused).toMatchObject({ status: 'failed', rowsWritten: 0 });
    expect(refused.error).toBe('bomb.zip/zeros.csv:1: the file contains NUL bytes: it is binary, not text');
    expect(await t.stores.rank.counts()).toEqual(before);
  });

  it('still imports an archive within the limit', async () => {
    const small = await repeatedZip([
      {
        name: 'export/ranks.csv',
        head: 'date,market,keyword,position,url\n',
        block: Buffer.from('2026-03-02,gb-en,cheap flights,1,https://www.example.com/\n'),
        times: 1,
      },
    ]);
    const queued = await upload('', [{ name: 'ranks.zip', content: small }]);
    const done = await finished(queued.id);
    expect(done).toMatchObject({ status: 'succeeded', rowsWritten: 1, files: ['ranks.zip'] });
    expect(done.written.serpResults).toBe(1);
  });
});
