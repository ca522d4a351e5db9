import { describe, expect, it } from 'vitest';
import { placeAnnotations } from './annotations';

describe('placeAnnotations', () => {
  const weeks = ['2024-01-01', '2024-01-08', '2024-01-15', '2024-01-22'];
  const at = (date: string) => ({ date, title: date });

  it('puts each annotation on the nearest point date, a tie on the later one', () => {
    const placed = placeAnnotations(
      [at('2024-01-03'), at('2024-01-04'), at('2024-01-05'), at('2024-01-22'), at('2024-01-01')],
      weeks,
    );
    expect(placed).toEqual([
      { at: '2024-01-01', annotations: [at('2024-01-03'), at('2024-01-04'), at('2024-01-01')] },
      // 01-04 is 3 days from 01-01 and 4 from 01-08; 01-05 is 4 and 3.
      { at: '2024-01-08', annotations: [at('2024-01-05')] },
      { at: '2024-01-22', annotations: [at('2024-01-22')] },
    ]);
    expect(placeAnnotations([at('2024-01-04')], ['2024-01-01', '2024-01-07'])[0]!.at).toBe('2024-01-07');
  });

  it('leaves out annotations outside the chart’s range and works on unsorted, repeated dates', () => {
    expect(placeAnnotations([at('2023-12-31'), at('2024-01-23')], weeks)).toEqual([]);
    expect(placeAnnotations([at('2024-01-10')], [...weeks].reverse().concat(weeks))).toEqual([
      { at: '2024-01-08', annotations: [at('2024-01-10')] },
    ]);
    expect(placeAnnotations([at('2024-01-10')], [])).toEqual([]);
    expect(placeAnnotations([at('2024-01-10')], ['2024-01-10'])).toEqual([
      { at: '2024-01-10', annotations: [at('2024-01-10')] },
    ]);
  });

  it('keeps to whole days across a daylight-saving change and a leap day', () => {
    expect(placeAnnotations([at('2024-03-29')], ['2024-03-28', '2024-04-01'])[0]!.at).toBe('2024-03-28');
    expect(placeAnnotations([at('2024-02-29')], ['2024-02-27', '2024-03-02'])[0]!.at).toBe('2024-03-02');
  });
});
