// Checks a table's XLSX download against its CSV download of the same query: the XLSX media type and file
// name, one sheet with the bold frozen header, and every cell equal to the CSV's (numbers stored as numbers).
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Client } from './helpers';

/** The XLSX of `xlsxUrl` holds exactly the CSV of `csvUrl`, in one sheet named `sheet`; returns the rows. */
export async function expectXlsxLikeCsv(
  client: Client,
  csvUrl: string,
  xlsxUrl: string,
  sheet: string,
): Promise<string[][]> {
  const csvRes = await client.get(csvUrl);
  expect(csvRes.statusCode, csvRes.body).toBe(200);
  const csv = parse(csvRes.body.slice(1)) as string[][];
  const res = await client.get(xlsxUrl);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  expect(book.worksheets.map((w) => w.name)).toEqual([sheet]);
  const ws = book.worksheets[0]!;
  expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(ws.getRow(1).font?.bold).toBe(true);
  const cells: string[][] = [];
  ws.eachRow((row) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    cells.push(
      Array.from({ length: csv[0]!.length }, (_, i) => (values[i] == null ? '' : String(values[i]))),
    );
  });
  expect(cells).toEqual(csv);
  return csv;
}
