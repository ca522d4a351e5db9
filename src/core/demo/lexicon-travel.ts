// Travel vocabulary of the demo keyword generator: destinations, flights, hotels, holidays (vacations in
// the US), planning questions, with departure airports, months, travellers and durations as modifiers.
import {
  both,
  core,
  DEALS,
  list,
  modifiers,
  MONTH,
  PRICE,
  REVIEWS,
  YEAR,
  type VerticalLexicon,
} from './lexicon';

const DESTINATIONS = both(
  list(`
  paris, rome, barcelona, amsterdam, new york, dubai, lisbon, tenerife, prague, madrid, venice, florence,
  berlin, vienna, budapest, athens, istanbul, dublin, edinburgh, london, copenhagen, reykjavik, malaga,
  majorca, ibiza, crete, santorini, mykonos, corfu, rhodes, cyprus, malta, marrakech, cairo, cape town,
  bali, bangkok, phuket, tokyo, kyoto, singapore, hong kong, seoul, sydney, melbourne, auckland, cancun,
  mexico city, orlando, las vegas, los angeles, san francisco, miami, chicago, boston, washington dc,
  new orleans, nashville, honolulu, maui, toronto, vancouver, montreal, banff, rio de janeiro,
  buenos aires, lima, cusco, havana, jamaica, barbados, antigua, st lucia, maldives, mauritius,
  seychelles, zanzibar, sri lanka, goa, kerala, hanoi, ho chi minh city, krakow, seville, granada,
  valencia, porto, madeira, the algarve, lanzarote, gran canaria, fuerteventura, nice, lyon, bordeaux,
  munich, hamburg, zurich, geneva, salzburg, bruges, brussels, milan, naples, the amalfi coast, sorrento,
  lake como, sicily, sardinia, dubrovnik, split, zakynthos, kefalonia, bodrum, antalya, tallinn, riga,
  oslo, stockholm, helsinki, bergen, the lake district, cornwall, the cotswolds, the scottish highlands,
  snowdonia, yorkshire, devon, isle of skye, york, bath, galway, belfast, quebec city, yellowstone,
  yosemite, the grand canyon, san diego, seattle, denver, austin, savannah, charleston, key west,
  hawaii, alaska, costa rica, peru, iceland, norway, japan, vietnam, thailand
`),
);

const COUNTRIES = both(
  list(`
  spain, greece, turkey, portugal, italy, mexico, egypt, cyprus, the canary islands, the caribbean,
  jamaica, the dominican republic, thailand, the maldives, mauritius, morocco, tunisia, bulgaria,
  croatia, cape verde, bali, florida, costa rica, sri lanka, dubai, kenya, the balearics, malta,
  montenegro, albania
`),
);

const FROM_AIRPORT = modifiers('origin', 'departure', 0.1, {
  gb: list(`
    from london, from manchester, from birmingham, from glasgow, from bristol, from edinburgh,
    from newcastle, from leeds, from liverpool, from east midlands, from gatwick, from heathrow,
    from stansted, from luton, from belfast, from cardiff, from southampton, from exeter
  `),
  us: list(`
    from new york, from nyc, from chicago, from los angeles, from lax, from boston, from dallas,
    from atlanta, from miami, from seattle, from denver, from houston, from san francisco,
    from philadelphia, from phoenix, from washington dc, from orlando, from detroit
  `),
});

const FLIGHT_PRE = modifiers('flight-pre', 'price', 0.4, {
  gb: ['cheap', 'direct', 'last minute', 'return', 'one way', 'business class'],
  us: ['cheap', 'nonstop', 'last minute', 'round trip', 'one way', 'business class'],
});

const HOLIDAY_PRE = modifiers('holiday-pre', 'price', 0.35, {
  gb: ['cheap', 'last minute', 'luxury', 'all inclusive', 'family', 'late deal'],
  us: ['cheap', 'last minute', 'luxury', 'all inclusive', 'family', 'romantic'],
});

const HOTEL_PRE = modifiers('hotel-pre', 'price', 0.35, {
  gb: ['cheap', 'best', 'luxury', 'boutique', 'family friendly', '5 star', 'pet friendly'],
  us: ['cheap', 'best', 'luxury', 'boutique', 'family friendly', '5 star', 'pet friendly'],
});

const TRAVELLERS = modifiers('who', 'audience', 0.06, {
  gb: list(`for families, for couples, with kids, for solo travellers, for students, for seniors,
    with a toddler, for a hen do, for a stag do`),
  us: list(`for families, for couples, with kids, for solo travelers, for students, for seniors,
    with a toddler, for a bachelorette party, for spring break`),
});

const DURATION = modifiers(
  'duration',
  'planning',
  0.12,
  both(
    list(`
  2 days, 3 days, 4 days, 5 days, 1 week, 10 days, 2 weeks
`),
  ),
);

const STAY_AREA = modifiers(
  'area',
  'planning',
  0.08,
  both(
    list(`
  city centre, near the beach, near the airport, with a pool, with parking, on a budget
`),
  ),
);

export const TRAVEL: VerticalLexicon = {
  id: 'travel',
  name: 'Travel',
  tag: 'travel',
  cores: [
    core('flights to {x}', {
      entities: DESTINATIONS,
      group: 'Flights',
      intent: 'transactional',
      pop: 1,
      pre: [FLIGHT_PRE],
      post: [FROM_AIRPORT, MONTH, YEAR, DEALS],
    }),
    core('hotels in {x}', {
      entities: DESTINATIONS,
      group: 'Hotels',
      intent: 'transactional',
      pop: 0.8,
      pre: [HOTEL_PRE],
      post: [STAY_AREA, TRAVELLERS, MONTH, DEALS],
    }),
    core('{x} holidays', {
      us: '{x} vacation packages',
      entities: DESTINATIONS,
      group: 'Holidays',
      intent: 'commercial',
      pop: 0.65,
      pre: [HOLIDAY_PRE],
      post: [FROM_AIRPORT, TRAVELLERS, MONTH, YEAR, DEALS],
    }),
    core('things to do in {x}', {
      entities: DESTINATIONS,
      group: 'Things to do',
      intent: 'informational',
      pop: 0.6,
      pre: [],
      post: [TRAVELLERS, MONTH, DURATION],
    }),
    core('{x} weather', {
      entities: DESTINATIONS,
      group: 'Weather',
      intent: 'informational',
      pop: 0.55,
      pre: [],
      post: [MONTH, YEAR],
    }),
    core('car hire {x}', {
      us: 'car rental {x}',
      entities: DESTINATIONS,
      group: 'Car hire',
      intent: 'transactional',
      pop: 0.3,
      pre: [PRICE],
      post: [DEALS, REVIEWS],
    }),
    core('{x} city break', {
      us: '{x} weekend getaway',
      entities: DESTINATIONS,
      group: 'City breaks',
      intent: 'commercial',
      pop: 0.25,
      pre: [PRICE],
      post: [FROM_AIRPORT, TRAVELLERS, MONTH, YEAR],
    }),
    core('best time to visit {x}', {
      entities: DESTINATIONS,
      group: 'Planning',
      intent: 'informational',
      pop: 0.3,
      pre: [],
      post: [TRAVELLERS, YEAR],
    }),
    core('where to stay in {x}', {
      entities: DESTINATIONS,
      group: 'Planning',
      intent: 'informational',
      pop: 0.25,
      pre: [],
      post: [TRAVELLERS, STAY_AREA],
    }),
    core('{x} itinerary', {
      entities: DESTINATIONS,
      group: 'Planning',
      intent: 'informational',
      pop: 0.15,
      pre: [],
      post: [DURATION, TRAVELLERS],
    }),
    core('restaurants in {x}', {
      entities: DESTINATIONS,
      group: 'Food & drink',
      intent: 'local',
      pop: 0.2,
      pre: [PRICE],
      post: [STAY_AREA, TRAVELLERS],
    }),
    core('{x} airport transfers', {
      entities: DESTINATIONS,
      group: 'Transfers',
      intent: 'transactional',
      pop: 0.1,
      pre: [PRICE],
      post: [DEALS, REVIEWS],
    }),
    core('all inclusive holidays {x}', {
      us: 'all inclusive resorts {x}',
      entities: COUNTRIES,
      group: 'Holidays',
      intent: 'commercial',
      pop: 0.7,
      pre: [PRICE],
      post: [FROM_AIRPORT, TRAVELLERS, MONTH, YEAR, DEALS],
    }),
    core('villas in {x}', {
      us: 'vacation rentals in {x}',
      entities: COUNTRIES,
      group: 'Villas',
      intent: 'transactional',
      pop: 0.35,
      pre: [PRICE],
      post: [STAY_AREA, TRAVELLERS, YEAR],
    }),
    core('travel insurance', {
      group: 'Travel insurance',
      intent: 'commercial',
      pop: 2.5,
      pre: [PRICE],
      post: [TRAVELLERS, YEAR, REVIEWS],
    }),
    core('package holidays', {
      us: 'vacation packages',
      group: 'Holidays',
      intent: 'commercial',
      pop: 3,
      pre: [HOLIDAY_PRE],
      post: [FROM_AIRPORT, TRAVELLERS, MONTH, YEAR, DEALS],
    }),
    core('cruises', {
      group: 'Cruises',
      intent: 'commercial',
      pop: 2,
      pre: [PRICE],
      post: [FROM_AIRPORT, TRAVELLERS, MONTH, YEAR, DEALS],
    }),
    core('airport parking', {
      group: 'Airport parking',
      intent: 'transactional',
      pop: 1.5,
      pre: [PRICE],
      post: [DEALS, REVIEWS],
    }),
    core('travel money', {
      us: 'currency exchange',
      group: 'Travel money',
      intent: 'transactional',
      pop: 1,
      pre: [PRICE],
      post: [REVIEWS],
    }),
    core('hand luggage size', {
      us: 'carry on size',
      group: 'Planning',
      intent: 'informational',
      pop: 1,
      pre: [],
      post: [YEAR],
    }),
  ],
};
