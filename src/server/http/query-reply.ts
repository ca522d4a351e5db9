// Request and reply plumbing shared by the analytics routes (campaign visibility, visibility explorer): list
// parameters of a query string brought to one shape before the contract validates them, and CSV downloads.
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { CsvExport } from '../services/campaign-visibility/csv';

/**
 * Query strings name a list as `domains=a&domains=b` or `domains[]=a`; one value arrives as a string. The
 * hook gives every parameter of `names` an array under its plain name.
 */
export function listParams(names: readonly string[]): preValidationAsyncHookHandler {
  const lists = new Set(names);
  return async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    for (const key of Object.keys(query)) {
      const name = key.endsWith('[]') ? key.slice(0, -2) : key;
      if (!lists.has(name)) continue;
      const value = query[key];
      const list = Array.isArray(value) ? value : [value];
      delete query[key];
      query[name] = [...((query[name] as unknown[] | undefined) ?? []), ...list];
    }
  };
}

/** Streams a CSV export as a download named by the export. */
export function sendCsv(reply: FastifyReply, csv: CsvExport): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.filename}"`)
    .send(csv.stream);
}
