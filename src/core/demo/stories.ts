// The three demo projects and the stories an analyst should recognise in them: A's own site rising
// steadily, B's own site stable then hit by a one-week drop (like a core update) and sliding after, C's own
// site the stable leader of its vertical. Competitors move mildly. Each tracked site has a trajectory:
// per week a typical position (target) and the share of the vertical's keywords it ranks for (coverage).
import { registrableDomain } from '../host-match';
import type { DemoHost } from './hosts';
import type { DemoCountry } from './lexicon';
import type { Rng } from './prng';

export type StoryKind = 'rising' | 'drop' | 'leader' | 'competitor';

export interface DemoTrackedDomain {
  /** Filter value: a registrable domain, a host, or a host with a path prefix. */
  value: string;
  label: string;
  isOwn: boolean;
}

export interface DemoDomainGroup {
  label: string;
  /** Tracked-domain values of the group. */
  members: string[];
}

interface StorySite {
  host: string;
  /** A second host of the same site (e.g. blog.x.com) holding `altShare` of its rankings. */
  altHost?: string;
  altShare?: number;
  kind: StoryKind;
  paths: string[];
}

export interface DemoProjectSpec {
  key: 'A' | 'B' | 'C';
  name: string;
  market: string;
  country: DemoCountry;
  vertical: number;
  campaignName: string;
  /** Hosts of the client's own sites (MetaStore sites). */
  sites: string[];
  storySites: StorySite[];
  tracked: DemoTrackedDomain[];
  groups: DemoDomainGroup[];
}

export const DEMO_PROJECTS: readonly DemoProjectSpec[] = [
  {
    key: 'A',
    name: 'Wanderlane Travel',
    market: 'gb-en',
    country: 'gb',
    vertical: 0,
    campaignName: 'UK travel: destinations and deals',
    sites: ['www.wanderlane.co.uk', 'blog.wanderlane.co.uk'],
    storySites: [
      {
        host: 'www.wanderlane.co.uk',
        altHost: 'blog.wanderlane.co.uk',
        altShare: 0.2,
        kind: 'rising',
        paths: ['/destinations/', '/deals/'],
      },
      { host: 'www.sunchaser.co.uk', kind: 'competitor', paths: ['/holidays/'] },
      { host: 'www.jetsetscout.com', kind: 'competitor', paths: ['/guides/', '/flights/'] },
      { host: 'holidaypiper.co.uk', kind: 'competitor', paths: ['/deals/'] },
      { host: 'www.citybreakcompany.co.uk', kind: 'competitor', paths: ['/breaks/'] },
      { host: 'www.roamingowl.com', kind: 'competitor', paths: ['/guides/', '/deals/'] },
      { host: 'www.farflungtravel.co.uk', kind: 'competitor', paths: ['/trips/'] },
      { host: 'www.tripzeal.com', kind: 'competitor', paths: ['/travel/'] },
    ],
    tracked: [
      { value: 'wanderlane.co.uk', label: 'Wanderlane', isOwn: true },
      { value: 'sunchaser.co.uk', label: 'Sunchaser', isOwn: false },
      { value: 'www.jetsetscout.com', label: 'JetsetScout', isOwn: false },
      { value: 'holidaypiper.co.uk', label: 'Holiday Piper', isOwn: false },
      { value: 'citybreakcompany.co.uk', label: 'City Break Co.', isOwn: false },
      { value: 'www.roamingowl.com/guides', label: 'Roaming Owl guides', isOwn: false },
      { value: 'farflungtravel.co.uk', label: 'Far Flung Travel', isOwn: false },
      { value: 'tripzeal.com', label: 'TripZeal', isOwn: false },
    ],
    groups: [
      {
        label: 'Holiday sellers',
        members: ['sunchaser.co.uk', 'holidaypiper.co.uk', 'citybreakcompany.co.uk'],
      },
      {
        label: 'Guide publishers',
        members: ['www.jetsetscout.com', 'www.roamingowl.com/guides', 'tripzeal.com'],
      },
    ],
  },
  {
    key: 'B',
    name: 'Clearpath Money',
    market: 'us-en',
    country: 'us',
    vertical: 1,
    campaignName: 'US personal finance',
    sites: ['www.clearpathmoney.com', 'blog.clearpathmoney.com'],
    storySites: [
      {
        host: 'www.clearpathmoney.com',
        altHost: 'blog.clearpathmoney.com',
        altShare: 0.3,
        kind: 'drop',
        paths: ['/guides/', '/compare/'],
      },
      { host: 'www.moneyharbor.com', kind: 'competitor', paths: ['/articles/'] },
      { host: 'www.creditcompass.com', kind: 'competitor', paths: ['/compare/'] },
      { host: 'thriftwise.com', kind: 'competitor', paths: ['/blog/'] },
      { host: 'www.ratelantern.com', kind: 'competitor', paths: ['/rates/'] },
      { host: 'www.nestegghq.com', kind: 'competitor', paths: ['/learn/'] },
      { host: 'www.centsible.com', kind: 'competitor', paths: ['/money/'] },
      { host: 'www.loanlighthouse.com', kind: 'competitor', paths: ['/loans/'] },
      { host: 'www.budgetbeacon.com', kind: 'competitor', paths: ['/budgeting/'] },
    ],
    tracked: [
      { value: 'clearpathmoney.com', label: 'Clearpath Money', isOwn: true },
      { value: 'blog.clearpathmoney.com', label: 'Clearpath blog', isOwn: true },
      { value: 'moneyharbor.com', label: 'Money Harbor', isOwn: false },
      { value: 'creditcompass.com', label: 'Credit Compass', isOwn: false },
      { value: 'thriftwise.com', label: 'Thriftwise', isOwn: false },
      { value: 'ratelantern.com', label: 'Rate Lantern', isOwn: false },
      { value: 'nestegghq.com', label: 'Nest Egg HQ', isOwn: false },
      { value: 'centsible.com', label: 'Centsible', isOwn: false },
      { value: 'loanlighthouse.com', label: 'Loan Lighthouse', isOwn: false },
      { value: 'budgetbeacon.com', label: 'Budget Beacon', isOwn: false },
    ],
    groups: [
      { label: 'Comparison sites', members: ['creditcompass.com', 'ratelantern.com', 'loanlighthouse.com'] },
      { label: 'Publishers', members: ['moneyharbor.com', 'centsible.com', 'budgetbeacon.com'] },
    ],
  },
  {
    key: 'C',
    name: 'Hearth & Home',
    market: 'gb-en',
    country: 'gb',
    vertical: 2,
    campaignName: 'UK home & garden',
    sites: ['www.hearthandhome.co.uk'],
    storySites: [
      { host: 'www.hearthandhome.co.uk', kind: 'leader', paths: ['/ideas/', '/how-to/', '/shop/'] },
      { host: 'www.gardenbloom.co.uk', kind: 'competitor', paths: ['/plants/'] },
      { host: 'www.diydepot-online.co.uk', kind: 'competitor', paths: ['/diy/', '/products/'] },
      { host: 'www.cosycornerliving.co.uk', kind: 'competitor', paths: ['/interiors/'] },
      { host: 'www.greenthumbguide.com', kind: 'competitor', paths: ['/grow/'] },
      { host: 'www.timberandtile.co.uk', kind: 'competitor', paths: ['/projects/'] },
      { host: 'www.homemakerhub.co.uk', kind: 'competitor', paths: ['/ideas/'] },
      { host: 'www.plantparentuk.com', kind: 'competitor', paths: ['/care/'] },
      { host: 'www.fixitfriday.co.uk', kind: 'competitor', paths: ['/fix/'] },
      { host: 'www.shedandsoil.co.uk', kind: 'competitor', paths: ['/garden/'] },
    ],
    tracked: [
      { value: 'hearthandhome.co.uk', label: 'Hearth & Home', isOwn: true },
      { value: 'gardenbloom.co.uk', label: 'Garden Bloom', isOwn: false },
      { value: 'diydepot-online.co.uk', label: 'DIY Depot', isOwn: false },
      { value: 'cosycornerliving.co.uk', label: 'Cosy Corner', isOwn: false },
      { value: 'greenthumbguide.com', label: 'Green Thumb Guide', isOwn: false },
      { value: 'timberandtile.co.uk', label: 'Timber & Tile', isOwn: false },
      { value: 'homemakerhub.co.uk', label: 'Homemaker Hub', isOwn: false },
      { value: 'plantparentuk.com', label: 'Plant Parent', isOwn: false },
      { value: 'fixitfriday.co.uk', label: 'Fix It Friday', isOwn: false },
      { value: 'shedandsoil.co.uk', label: 'Shed & Soil', isOwn: false },
    ],
    groups: [
      {
        label: 'Garden specialists',
        members: ['gardenbloom.co.uk', 'greenthumbguide.com', 'plantparentuk.com', 'shedandsoil.co.uk'],
      },
      {
        label: 'DIY and interiors',
        members: ['diydepot-online.co.uk', 'cosycornerliving.co.uk', 'timberandtile.co.uk'],
      },
    ],
  },
];

/** The hosts of every story site (own and competitors), for the host universe. */
export function storyHosts(projects: readonly DemoProjectSpec[]): DemoHost[] {
  const out: DemoHost[] = [];
  for (const p of projects) {
    for (const s of p.storySites) {
      for (const host of [s.host, ...(s.altHost === undefined ? [] : [s.altHost])]) {
        out.push({
          host,
          domain: registrableDomain(host),
          kind: 'story',
          vertical: p.vertical,
          country: p.country,
          weight: [0, 0, 0, 0],
          pathPrefixes: host.startsWith('blog.') ? ['/'] : s.paths,
        });
      }
    }
  }
  return out;
}

/** Where a story site ranks in one week: typical position and share of the vertical's keywords covered. */
export interface TrackPoint {
  target: number;
  coverage: number;
}

export interface StoryParams {
  kind: StoryKind;
  /** Per-keyword spread of positions around the target: position = target × e^(u·spread), u ∈ [−1, 1]. */
  spread: number;
  /** Share of keywords whose position moves by one in a given week. */
  volatility: number;
  track: TrackPoint[];
}

/** Week (0-based) of project B's drop: week 17 of 26, scaled to shorter histories. */
export function dropWeek(weeks: number): number {
  return Math.min(weeks - 2, Math.max(2, Math.round((weeks * 17) / 26)));
}

export function storyParams(kind: StoryKind, weeks: number, rng: Rng): StoryParams {
  const t = (w: number) => (weeks <= 1 ? 1 : w / (weeks - 1));
  const track: TrackPoint[] = [];
  const drop = dropWeek(weeks);
  const base = rng.range(6, 20);
  const slope = rng.range(-0.25, 0.25);
  const cover = rng.range(0.35, 0.65);
  const coverSlope = rng.range(-0.06, 0.06);
  for (let w = 0; w < weeks; w++) {
    switch (kind) {
      case 'rising':
        track.push({ target: 16 * (5 / 16) ** t(w), coverage: 0.45 + 0.35 * t(w) });
        break;
      case 'drop':
        track.push(
          w < drop
            ? { target: 4.5, coverage: 0.72 }
            : { target: 9 + 0.25 * (w - drop), coverage: 0.58 - 0.008 * (w - drop) },
        );
        break;
      case 'leader':
        track.push({ target: 2.4, coverage: 0.86 });
        break;
      case 'competitor':
        track.push({ target: base * (1 - slope * t(w)), coverage: cover + coverSlope * t(w) });
        break;
    }
  }
  const spread = kind === 'leader' ? 0.55 : kind === 'competitor' ? 0.8 : 0.7;
  const volatility = kind === 'leader' ? 0.02 : kind === 'competitor' ? 0.12 : 0.08;
  return { kind, spread, volatility, track };
}
