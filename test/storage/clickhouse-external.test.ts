// External tables sent with one statement (ChServer.rowsWith, the market-share matrix's keyword sets) against
// a real server: the rows arrive whole and in order, several tables can be read by one statement, each call
// counts as one statement, malformed tables are refused before anything is sent, and a server error reaches
// the caller with ClickHouse's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChServer, type ExternalTable } from '@storage/rank/clickhouse/client';
import { CLICKHOUSE_URL, warnIfNoClickHouse } from './clickhouse-env';

warnIfNoClickHouse('ClickHouse external tables');

/** 10,000 (set, id) pairs, as the matrix sends at 10,000 keywords. */
const PAIRS: ExternalTable = {
  name: 'pairs',
  structure: 'set_no UInt32, keyword_id UInt32',
  rows: Array.from({ length: 10_000 }, (_, i) => [i % 20, i + 1]),
};

describe.skipIf(CLICKHOUSE_URL === '')('ChServer.rowsWith (external tables)', () => {
  let server: ChServer;

  beforeAll(() => {
    server = new ChServer(CLICKHOUSE_URL, { username: 'default', password: '' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('reads every row of a table by name, in one statement', async () => {
    const before = server.statementsSent;
    const rows = await server.rowsWith(
      `SELECT count() AS n, sum(keyword_id) AS ids, groupArray(set_no)[20] AS twentieth FROM pairs`,
      [PAIRS],
    );
    expect(server.statementsSent - before).toBe(1);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.n)).toBe(10_000);
    expect(Number(rows[0]!.ids)).toBe((10_000 * 10_001) / 2);
    expect(Number(rows[0]!.twentieth)).toBe(19);
  });

  it('joins two tables of the same statement and filters by one with IN', async () => {
    const names: ExternalTable = {
      name: 'picked',
      structure: 'id UInt32, weight Float64',
      rows: [
        [3, 0.5],
        [23, 2],
      ],
    };
    const rows = await server.rowsWith(
      `SELECT set_no, sum(weight) AS w FROM (SELECT set_no, keyword_id AS id FROM pairs WHERE id IN (SELECT id FROM picked))
       ANY INNER JOIN picked USING id GROUP BY set_no ORDER BY set_no`,
      [PAIRS, names],
    );
    expect(rows.map((r) => [Number(r.set_no), Number(r.w)])).toEqual([[2, 2.5]]);
  });

  it('returns no rows as an empty list and an empty table as a table without rows', async () => {
    const empty: ExternalTable = { name: 'nothing', structure: 'id UInt32', rows: [] };
    expect(await server.rowsWith('SELECT id FROM nothing', [empty])).toEqual([]);
  });

  it('refuses a malformed table name or a value that is not a finite number, sending nothing', async () => {
    const before = server.statementsSent;
    await expect(
      server.rowsWith('SELECT 1', [{ name: 'x; DROP', structure: 'id UInt32', rows: [[1]] }]),
    ).rejects.toThrow(/table name/);
    await expect(
      server.rowsWith('SELECT 1', [{ name: 'x', structure: 'id Float64', rows: [[Number.NaN]] }]),
    ).rejects.toThrow(/not finite/);
    expect(server.statementsSent - before).toBe(0);
  });

  it("rejects with ClickHouse's message when the statement fails", async () => {
    await expect(server.rowsWith('SELECT no_such_column FROM pairs', [PAIRS])).rejects.toThrow(
      /no_such_column/,
    );
  });
});
