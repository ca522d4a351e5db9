// A market from its code (DESIGN §2: `{country}-{language}[-mobile]`, lower case) with a display name, for
// markets first met in an import or named by a new campaign.
import type { Market } from './model';

/** A display name for a market: `United Kingdom (English)`, `… (English, mobile)`. */
export function marketName(country: string, language: string, mobile: boolean): string {
  const region = new Intl.DisplayNames(['en'], { type: 'region' }).of(country.toUpperCase()) ?? country;
  const lang = new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  return `${region} (${lang}${mobile ? ', mobile' : ''})`;
}

/** The market of a code already checked against the market-code pattern. */
export function marketFromCode(code: string): Market {
  const [country = '', language = '', device] = code.split('-');
  return {
    code,
    country,
    language,
    device: device === 'mobile' ? 'mobile' : 'desktop',
    engine: 'google',
    name: marketName(country, language, device === 'mobile'),
  };
}
