// Country lookups of the importers: ISO codes, English names and DataForSEO / Google Ads location codes.
import { describe, expect, it } from 'vitest';
import { countryFromCode, countryFromLocationCode, countryFromName } from './countries';

describe('countryFromLocationCode', () => {
  it('maps a country location code (2000 + ISO numeric) to its alpha-2', () => {
    expect(countryFromLocationCode(2826)).toBe('gb');
    expect(countryFromLocationCode(2840)).toBe('us');
    expect(countryFromLocationCode(2276)).toBe('de');
    expect(countryFromLocationCode(2616)).toBe('pl');
    expect(countryFromLocationCode(2036)).toBe('au');
  });

  it('refuses codes that are not a country: cities, regions, unassigned numbers, non-integers', () => {
    expect(countryFromLocationCode(1006886)).toBeNull();
    expect(countryFromLocationCode(21137)).toBeNull();
    expect(countryFromLocationCode(2001)).toBeNull();
    expect(countryFromLocationCode(2826.5)).toBeNull();
    expect(countryFromLocationCode(826)).toBeNull();
  });

  it('agrees with the alpha-3 table for every country both tables know', () => {
    expect(countryFromCode('GBR')).toBe(countryFromLocationCode(2826));
    expect(countryFromName('United States')).toBe(countryFromLocationCode(2840));
  });
});
