import { describe, expect, it } from 'vitest';
import { readAnnotationCsv } from './annotation-csv';
import { MAX_ANNOTATION_CSV_ROWS } from './annotations';

describe('readAnnotationCsv', () => {
  it('reads date, title and note; tolerates a BOM, CRLF, blank lines, quoted cells and header case', () => {
    const text =
      '\uFEFFDate, Title ,note\r\n2024-03-05,March 2024 core update,"Rolled out, over 45 days"\r\n\r\n' +
      '2024-08-15,"Spam ""quoted""","Line\nbreak"\r\n2024-11-11,November core update,  \r\n';
    expect(readAnnotationCsv(text)).toEqual({
      ok: true,
      rows: [
        { line: 2, date: '2024-03-05', title: 'March 2024 core update', note: 'Rolled out, over 45 days' },
        { line: 4, date: '2024-08-15', title: 'Spam "quoted"', note: 'Line\nbreak' },
        // The row after a quoted line break starts on line 6.
        { line: 6, date: '2024-11-11', title: 'November core update', note: null },
      ],
    });
  });

  it('takes the columns in any order and the note column as optional', () => {
    expect(readAnnotationCsv('title,date\nSpam update,2024-06-20\n')).toEqual({
      ok: true,
      rows: [{ line: 2, date: '2024-06-20', title: 'Spam update', note: null }],
    });
  });

  it('refuses the whole file, naming every bad line and column and how to fix it', () => {
    const result = readAnnotationCsv(
      `date,title,note\n2024-03-05,Good,\n05/03/2024,Bad date,\n2023-02-29,Not a day,\n2024-01-01,,\n2024-01-02,${'x'.repeat(201)},\n2024-01-03,Long note,${'n'.repeat(2001)}\n2024-01-04,"Two\nlines",\n`,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.line, e.column])).toEqual([
      [3, 'date'],
      [4, 'date'],
      [5, 'title'],
      [6, 'title'],
      [7, 'note'],
      [8, 'title'],
    ]);
    expect(result.errors[0]!.message).toBe(
      'line 3: "05/03/2024" is not a date; write a real day as YYYY-MM-DD, e.g. 2024-03-05',
    );
    expect(result.errors[3]!.message).toMatch(/201 characters; shorten it to at most 200/u);
    expect(result.errors[4]!.message).toMatch(/at most 2,000/u);
  });

  it('refuses a missing, unknown or repeated header column, and an empty file', () => {
    const first = (text: string) => {
      const r = readAnnotationCsv(text);
      if (r.ok) throw new Error('accepted');
      return r.errors[0]!;
    };
    expect(first('2024-03-05,Core update\n')).toMatchObject({ line: 1, column: null });
    expect(first('2024-03-05,Core update\n').message).toMatch(/unknown column "2024-03-05".*date,title/su);
    expect(first('date,notes\n').message).toMatch(/unknown column "notes"/u);
    expect(first('date,note\n2024-01-01,x\n').message).toMatch(/no title column/u);
    expect(first('date,title,Date\n').message).toMatch(/"date" twice/u);
    expect(first('').message).toMatch(/the file is empty/u);
    expect(first('\uFEFF\n\n').message).toMatch(/the file is empty/u);
    expect(first('date,title\n')).toMatchObject({ line: 2, message: expect.stringMatching(/no rows/u) });
  });

  it('refuses a row with a wrong number of cells or broken quoting, naming its line', () => {
    const short = readAnnotationCsv('date,title\n2024-01-01,a\n2024-01-02\n');
    expect(short).toMatchObject({ ok: false, errors: [{ line: 3, column: null }] });
    const quote = readAnnotationCsv('date,title\n2024-01-01,"a"b\n');
    expect(quote).toMatchObject({ ok: false, errors: [{ line: 2 }] });
    if (!quote.ok) expect(quote.errors[0]!.message).toMatch(/double quotes/u);
  });

  it(`takes ${MAX_ANNOTATION_CSV_ROWS} rows and refuses one more`, () => {
    const rows = (n: number) =>
      `date,title\n${Array.from({ length: n }, (_, i) => `2024-01-01,Update ${i}`).join('\n')}\n`;
    const most = readAnnotationCsv(rows(MAX_ANNOTATION_CSV_ROWS));
    expect(most.ok && most.rows.length).toBe(MAX_ANNOTATION_CSV_ROWS);
    expect(readAnnotationCsv(rows(MAX_ANNOTATION_CSV_ROWS + 1))).toMatchObject({
      ok: false,
      errors: [{ line: MAX_ANNOTATION_CSV_ROWS + 2, message: expect.stringMatching(/5,001 rows.*split/u) }],
    });
  });

  it('reports at most 50 errors', () => {
    const text = `date,title\n${Array.from({ length: 80 }, () => 'bad,x').join('\n')}\n`;
    const r = readAnnotationCsv(text);
    expect(!r.ok && r.errors.length).toBe(50);
  });
});
