// The escaping function of the ClickHouse adapter against a real server: hostile strings, rendered as
// literals, come back from ClickHouse byte for byte, and a literal never ends early (no injected statement).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChServer } from '@storage/rank/clickhouse/client';
import { lit, SqlDate } from '@storage/rank/clickhouse/escape';
import { CLICKHOUSE_URL, warnIfNoClickHouse } from './clickhouse-env';

warnIfNoClickHouse('ClickHouse escaping round trip');

const HOSTILE = [
  'it\'s a "quoted" keyword',
  "'; DROP TABLE x; --",
  "\\'; DROP TABLE x; --",
  'back\\slash \\n not a newline \\',
  'NUL \0 byte',
  'new\nline\r\ttab',
  '\u0001\u001b[31m\u007f',
  'ünïcödé straße ß',
  '日本語 キーワード',
  'emoji 🚀 rocket 👩‍👩‍👧',
  'مرحبا بالعالم',
  '%_ like wildcards %',
  '$1 ? :name @param {p:String}',
  '`backquote` "double"',
  '',
];

describe.skipIf(CLICKHOUSE_URL === '')('lit round trip through ClickHouse', () => {
  let server: ChServer;

  beforeAll(() => {
    server = new ChServer(CLICKHOUSE_URL, { username: 'default', password: '' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('returns every hostile string unchanged, one literal per column', async () => {
    const row = await server.one(`SELECT ${HOSTILE.map((s, i) => `${lit(s)} AS c${i}`).join(', ')}`);
    expect(HOSTILE.map((_, i) => row[`c${i}`])).toEqual(HOSTILE);
  });

  it('keeps hostile strings whole inside arrays and comparisons', async () => {
    const row = await server.one(
      `SELECT ${lit(HOSTILE)} AS arr, length(${lit(HOSTILE)}) AS n, has(${lit(HOSTILE)}, ${lit(HOSTILE[1]!)}) AS found`,
    );
    expect(row.arr).toEqual(HOSTILE);
    expect(Number(row.n)).toBe(HOSTILE.length);
    expect(Number(row.found)).toBe(1);
  });

  it('renders numbers and dates the server reads back exactly', async () => {
    const row = await server.one(
      `SELECT ${lit(-7)} - ${lit(-3)} AS d, ${lit(2_147_483_647)} AS big, toString(${lit(new SqlDate('2025-06-30'))}) AS day`,
    );
    expect(Number(row.d)).toBe(-4);
    expect(Number(row.big)).toBe(2_147_483_647);
    expect(row.day).toBe('2025-06-30');
  });
});
