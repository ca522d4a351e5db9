// The keyboard's grid moves and a widget's range in each screen's terms.
import { describe, expect, it } from 'vitest';
import { moveCell, nextPlace } from './grid-moves';
import { rangeDates, rangeSpan } from './widgets/widget-range';

const cell = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });

describe('moveCell', () => {
  const others = [cell(0, 0, 6, 4), cell(6, 0, 6, 8), cell(0, 10, 12, 3)];
  it('moves past the neighbour sharing a column, or stays', () => {
    expect(moveCell(cell(0, 4, 6, 6), 'up', others)).toEqual(cell(0, 0, 6, 6));
    expect(moveCell(cell(0, 4, 6, 6), 'down', others)).toEqual(cell(0, 11, 6, 6));
    expect(moveCell(cell(0, 20, 6, 6), 'down', others)).toEqual(cell(0, 20, 6, 6));
  });
  it('keeps inside the 12 columns and the height bounds', () => {
    expect(moveCell(cell(6, 0, 6, 4), 'right', [])).toEqual(cell(6, 0, 6, 4));
    expect(moveCell(cell(0, 0, 6, 4), 'left', [])).toEqual(cell(0, 0, 6, 4));
    expect(moveCell(cell(6, 0, 6, 4), 'wider', [])).toEqual(cell(5, 0, 7, 4));
    expect(moveCell(cell(0, 0, 1, 2), 'narrower', [])).toEqual(cell(0, 0, 1, 2));
    expect(moveCell(cell(0, 0, 1, 2), 'shorter', [])).toEqual(cell(0, 0, 1, 2));
    expect(moveCell(cell(0, 0, 1, 40), 'taller', [])).toEqual(cell(0, 0, 1, 40));
  });
  it('places a new widget under everything', () => {
    expect(nextPlace(others)).toEqual({ x: 0, y: 13 });
    expect(nextPlace([])).toEqual({ x: 0, y: 0 });
  });
});

describe('widget range', () => {
  it('gives days and spans', () => {
    expect(rangeDates({ kind: 'relative', span: 'quarter' }, '2025-05-31')).toEqual({
      startDate: '2025-02-28',
      endDate: '2025-05-31',
    });
    expect(rangeDates({ kind: 'fixed', from: '2025-01-01', to: '2025-02-01' }, '2025-05-31')).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-02-01',
    });
    expect(rangeSpan({ kind: 'fixed', from: '2025-03-15', to: '2025-04-01' }, '2025-05-31')).toBe('quarter');
    expect(rangeSpan({ kind: 'fixed', from: '2020-01-01', to: '2020-02-01' }, '2025-05-31')).toBe('year');
  });
});
