// Request and reply plumbing shared by the analytics routes (campaign visibility, visibility explorer): list
// parameters of a query string brought to one shape before the contract validates them, and downloads.
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { CsvExport } from '../services/campaign-visibility/csv';
import { EXPORT_CONTENT_TYPES } from '@contracts/common';
import type { FileExport } from '../services/exports/table-export';

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

/** Sends a download (CSV or XLSX) as an attachment under its file name. */
export function sendFile(reply: FastifyReply, file: FileExport): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.stream);
}

/** Streams a CSV export as a download named by the export. */
export function sendCsv(reply: FastifyReply, csv: CsvExport): FastifyReply {
  return sendFile(reply, { ...csv, contentType: EXPORT_CONTENT_TYPES.csv });
}
