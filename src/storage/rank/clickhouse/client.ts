// One ClickHouse server over HTTP (@clickhouse/client 1.x), used in the subset that 18.16 understands:
// statements as text (no query parameters), result rows as FORMAT JSONEachRow, bulk rows as JSONEachRow
// bodies, raw TabSeparated streams to copy rows from one server to another, and RowBinary bodies for bulk
// transfers (transfer.ts), and external tables (rowsWith): rows sent with one SELECT as a multipart body,
// which the statement reads by name, instead of long array literals that 18.16 parses slowly. 64-bit integers
// arrive as strings; `int` turns them into JS numbers and refuses what a number cannot hold exactly. Every
// HTTP request is one statement and one round trip; each server counts those it sent (statementsSent), so
// tests and benches can tell how many statements a read costs.
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

export type Row = Record<string, unknown>;

export type ServerSettings = Record<string, string | number>;

/**
 * A table that exists only for one statement (ClickHouse "external data"): `structure` is its columns
 * (`name Type, …`), `rows` its values in that order; numbers only, so the TabSeparated body needs no escaping.
 */
export interface ExternalTable {
  name: string;
  structure: string;
  rows: readonly (readonly number[])[];
}

export interface ServerAuth {
  username: string;
  password: string;
}

/** Statements may carry long id lists as array literals: 64 MiB instead of the 256 KiB default. */
const MAX_QUERY_SIZE = String(64 * 1024 * 1024);
/**
 * Per statement (ms). The longest statements (a demo week, a partition copy) take seconds. Progress headers,
 * which longer timeouts would call for, stay off: once a header is sent the status is 200, and an error
 * raised later would only appear in a body that command() discards.
 */
const REQUEST_TIMEOUT_MS = 60_000;

export class ChServer {
  private readonly client: ClickHouseClient;
  /** HTTP requests sent (each one statement) by this server: read by tests and benches. */
  private sent = 0;
  /** The same, summed over every ChServer of this process (a bench counts an app's statements by it). */
  private static sentByProcess = 0;
  private readonly count = (): void => {
    this.sent += 1;
    ChServer.sentByProcess += 1;
  };

  /** Basic credentials and settings of rowsWith's requests, which bypass the client. */
  private readonly authorization: string;
  private readonly settings: ServerSettings;

  constructor(
    readonly url: string,
    auth: ServerAuth,
    /** ClickHouse settings sent with every statement (e.g. log_queries, max_threads). */
    settings: ServerSettings = {},
  ) {
    this.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
    this.settings = { max_query_size: MAX_QUERY_SIZE, ...settings };
    this.client = createClient({
      url,
      username: auth.username,
      password: auth.password,
      request_timeout: REQUEST_TIMEOUT_MS,
      // Failures reach the caller as exceptions; the client's own error log would only repeat them.
      log: { level: ClickHouseLogLevel.OFF },
      clickhouse_settings: { max_query_size: MAX_QUERY_SIZE, ...settings },
    });
  }

  /** Statements (HTTP requests) sent so far to this server. */
  get statementsSent(): number {
    return this.sent;
  }

  /** Statements sent so far by every ChServer of this process. */
  static get statementsSentByProcess(): number {
    return ChServer.sentByProcess;
  }

  /** A statement without result rows (DDL, INSERT … SELECT, ALTER). */
  async command(sql: string): Promise<void> {
    this.count();
    await this.client.command({ query: sql });
  }

  /** Result rows of a SELECT; `queryId` tags the query in system.query_log. */
  async rows(sql: string, queryId?: string): Promise<Row[]> {
    this.count();
    const result = await this.client.query({
      query: sql,
      format: 'JSONEachRow',
      ...(queryId === undefined ? {} : { query_id: queryId }),
    });
    return result.json<Row>();
  }

  /**
   * Result rows of a SELECT that reads `tables` by name (external data). The client has no such request, so it
   * is a multipart POST of its own: the statement is a form field (a URL would cap its length), each table a
   * file part whose structure goes in the URL. Settings and timeout are the client's.
   */
  async rowsWith(sql: string, tables: readonly ExternalTable[]): Promise<Row[]> {
    for (const t of tables) {
      if (!/^[a-z_][a-z0-9_]*$/u.test(t.name)) throw new RangeError(`not an external table name: ${t.name}`);
      if (!t.rows.every((r) => r.every(Number.isFinite)))
        throw new RangeError(`${t.name}: a value is not finite`);
    }
    this.count();
    const params = new URLSearchParams(Object.entries(this.settings).map(([k, v]) => [k, String(v)]));
    // One body with its length: a FormData body went out in small chunks, and 18.16 took 650 ms instead of
    // 15 ms to read 10,000 rows of it.
    const boundary = `sightline-${randomUUID()}`;
    const part = (name: string, file: string, text: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${text}\r\n`;
    let body = part('query', '', `${sql}\nFORMAT JSONEachRow`);
    for (const t of tables) {
      params.set(`${t.name}_structure`, t.structure);
      body += part(t.name, `; filename="${t.name}.tsv"`, t.rows.map((r) => r.join('\t')).join('\n'));
    }
    body += `--${boundary}--\r\n`;
    const response = await fetch(`${this.url}/?${params.toString()}`, {
      method: 'POST',
      headers: {
        Authorization: this.authorization,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Buffer.from(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(text.trim() || `ClickHouse answered HTTP ${response.status}`);
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Row);
  }

  /** The only row of a SELECT. */
  async one(sql: string): Promise<Row> {
    const rows = await this.rows(sql);
    if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
    return rows[0]!;
  }

  /** Inserts rows (objects keyed by column) as JSONEachRow; `table` is an already quoted name. */
  async insert(table: string, rows: readonly object[]): Promise<void> {
    if (rows.length === 0) return;
    this.count();
    await this.client.insert({ table, values: [...rows], format: 'JSONEachRow' });
  }

  /** The raw TabSeparated output of a SELECT, as a stream. */
  async tsv(sql: string): Promise<Readable> {
    this.count();
    const { stream } = await this.client.exec({ query: `${sql} FORMAT TabSeparated` });
    return stream;
  }

  /** Inserts a TabSeparated stream into `table` (an already quoted name). */
  async insertTsv(table: string, body: Readable): Promise<void> {
    this.count();
    const { stream } = await this.client.exec({
      query: `INSERT INTO ${table} FORMAT TabSeparated`,
      values: body,
    });
    stream.resume();
    await new Promise<void>((resolve, reject) => {
      stream.on('end', resolve);
      stream.on('error', reject);
    });
  }

  /**
   * Inserts a body in a binary or text `format` (e.g. RowBinary) into `target`: an already quoted table
   * name, optionally followed by a column list.
   */
  async insertFormatted(target: string, format: 'RowBinary' | 'TabSeparated', body: Readable): Promise<void> {
    this.count();
    const { stream } = await this.client.exec({
      query: `INSERT INTO ${target} FORMAT ${format}`,
      values: body,
    });
    stream.resume();
    await new Promise<void>((resolve, reject) => {
      stream.on('end', resolve);
      stream.on('error', reject);
    });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** A ClickHouse integer (number, or string for 64-bit types) as a JS number. */
export function int(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
    throw new RangeError(`expected an integer that fits a JS number, got ${String(value)}`);
  }
  return n;
}

/**
 * Awaits every task (shards work in parallel) and then rethrows the first failure, so no task is still
 * writing when a caller cleans up after an error.
 */
export async function inParallel<T>(tasks: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(tasks);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
