import { describe, expect, it } from 'vitest';
import type { Annotation } from '@contracts/annotations';
import { markLabel, markTooltip, withAnnotationMarks } from './annotation-marks';

const note = (id: number, date: string, title: string, text: string | null = null): Annotation => ({
  id,
  campaignId: null,
  date,
  title,
  note: text,
  source: 'note',
  createdBy: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
});

const dates = ['2025-01-06', '2025-01-13', '2025-01-20'];
const option = {
  xAxis: { type: 'category', data: dates },
  series: [{ type: 'line', name: 'a.com', data: [1, 2, 3] }],
};

describe('withAnnotationMarks', () => {
  it('adds one dashed line per point date holding annotations, on an unnamed series, by category index', () => {
    const marked = withAnnotationMarks(
      option,
      [
        note(1, '2025-01-12', 'Core update', 'Rolled out\nover 2 weeks'),
        note(2, '2025-01-14', 'Migration'),
        note(3, '2025-01-20', 'Sale'),
      ],
      dates,
    );
    expect(marked.series[0]).toBe(option.series[0]);
    expect(marked.series).toHaveLength(2);
    const extra = marked.series[1] as unknown as {
      name?: string;
      data: unknown[];
      markLine: {
        data: unknown[];
        lineStyle: { type: string };
        tooltip: { formatter: (p: { dataIndex: number }) => string };
      };
    };
    // No name: no legend entry, so hiding a domain never hides the annotations.
    expect(extra.name).toBeUndefined();
    expect(extra.data).toEqual([]);
    expect(extra.markLine.data).toEqual([
      { name: 'Core update +1', xAxis: 1 },
      { name: 'Sale', xAxis: 2 },
    ]);
    expect(extra.markLine.lineStyle.type).toBe('dashed');
    expect(extra.markLine.tooltip.formatter({ dataIndex: 0 })).toBe(
      '<b>Core update</b> · 2025-01-12<br/>Rolled out<br/>over 2 weeks<br/><br/><b>Migration</b> · 2025-01-14',
    );
  });

  it('leaves the option as it is when no annotation falls within the dates', () => {
    expect(withAnnotationMarks(option, [note(1, '2024-12-31', 'Before')], dates)).toBe(option);
    expect(withAnnotationMarks(option, undefined, dates)).toBe(option);
    expect(withAnnotationMarks(option, [note(1, '2025-01-06', 'x')], [])).toBe(option);
  });

  it('escapes the titles and notes it puts in the HTML tooltip', () => {
    expect(markTooltip([note(1, '2025-01-06', '<img src=x onerror=alert(1)>', 'a & "b"')])).toBe(
      '<b>&#60;img src=x onerror=alert(1)&#62;</b> · 2025-01-06<br/>a &#38; &#34;b&#34;',
    );
    expect(markLabel([note(1, '2025-01-06', 'One')])).toBe('One');
  });
});
