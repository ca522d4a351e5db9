// A read the rankings store cannot answer (ClickHouse's ChReadError: shard error, lost connection, timeout)
// reaches the client as a 503 error envelope carrying the store's message, never as a bare 500 or a hang.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from '@server/http/errors';
import { ChReadError } from '@storage/rank/clickhouse/cv/run';

describe('store failures', () => {
  it('answers 503 with the reason when ClickHouse could not answer a campaign-visibility read', async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/read', () => {
      throw new ChReadError(
        2,
        new Error("Code: 60, e.displayText() = DB::Exception: Table cv_use doesn't exist."),
      );
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/read' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: {
          code: 'unavailable',
          message:
            'ClickHouse shard 2 could not answer this campaign-visibility read, try again shortly: ' +
            "Code: 60, e.displayText() = DB::Exception: Table cv_use doesn't exist.",
        },
      });
    } finally {
      await app.close();
    }
  });
});
