// Consumer-tech vocabulary of the demo keyword generator: product categories, named models, reviews,
// comparisons, prices and fixes, with budgets, storage sizes and colours as modifiers.
import {
  BEST,
  both,
  core,
  DEALS,
  list,
  modifiers,
  NEAR_ME,
  REVIEWS,
  YEAR,
  type VerticalLexicon,
} from './lexicon';

const CATEGORIES = both(
  list(`
  laptop, smartphone, tablet, headphones, smartwatch, tv, soundbar, gaming monitor, robot vacuum,
  mechanical keyboard, wireless earbuds, wifi router, external hard drive, e reader, fitness tracker,
  drone, action camera, gaming laptop, 4k tv, projector, bluetooth speaker, webcam, gaming chair,
  gaming mouse, portable charger, usb c hub, mesh wifi system, smart speaker, video doorbell,
  security camera, electric toothbrush, hair dryer, air fryer, coffee machine, noise cancelling headphones,
  2 in 1 laptop, chromebook, macbook alternative, oled tv, streaming stick
`),
);

const MODELS = both(
  list(`
  iphone 16, iphone 16 pro, iphone 16 pro max, iphone 15, iphone se, galaxy s25, galaxy s25 ultra,
  galaxy z flip 6, galaxy a55, pixel 9, pixel 9 pro, pixel 8a, oneplus 13, nothing phone 3,
  macbook air m3, macbook pro m4, ipad air, ipad pro, ipad mini, surface pro, dell xps 13,
  thinkpad x1 carbon, hp spectre x360, asus zenbook 14, airpods pro 2, airpods 4, sony wh-1000xm5,
  bose quietcomfort ultra, galaxy buds 3, apple watch series 10, apple watch ultra 2, galaxy watch 7,
  garmin forerunner 265, fitbit charge 6, kindle paperwhite, kobo clara, ps5, ps5 pro, xbox series x,
  nintendo switch 2, steam deck, meta quest 3, lg c4 oled, samsung s90d, sonos arc, sonos era 100,
  dyson v15, roomba j7, ring video doorbell 4, google nest hub, echo dot, gopro hero 13, dji mini 4 pro
`),
);

const BUDGET = modifiers('budget', 'price', 0.3, {
  gb: list(`under £100, under £200, under £300, under £500, under £1000, for students, for gaming,
    for work, for kids, for seniors, for video editing, for travel`),
  us: list(`under $100, under $200, under $300, under $500, under $1000, for students, for gaming,
    for work, for kids, for seniors, for video editing, for travel`),
});

const VARIANT = modifiers(
  'variant',
  'specs',
  0.12,
  both(
    list(`
  128gb, 256gb, 512gb, 1tb, black, white, blue, green, pink, refurbished, unlocked, used
`),
  ),
);

const FIXES = both(
  list(`
  not charging, screen flickering, won't turn on, battery draining fast, overheating, no sound,
  bluetooth not connecting, wifi keeps disconnecting, stuck on logo, touch screen not working,
  camera not working, slow, frozen, keeps restarting, storage full
`),
);

const MODEL_TOPICS = modifiers('model-topic', 'research', 0.2, {
  gb: list(`review, price, release date, specs, battery life, case, screen protector, size, colours,
    trade in value, charger, accessories, camera test, problems, unboxing, weight`),
  us: list(`review, price, release date, specs, battery life, case, screen protector, size, colors,
    trade in value, charger, accessories, camera test, problems, unboxing, weight`),
});

export const TECH: VerticalLexicon = {
  id: 'tech',
  name: 'Consumer tech',
  tag: 'tech',
  cores: [
    core('best {x}', {
      entities: CATEGORIES,
      group: 'Buying guides',
      intent: 'commercial',
      pop: 1,
      pre: [],
      post: [BUDGET, YEAR, REVIEWS],
    }),
    core('{x} deals', {
      entities: CATEGORIES,
      group: 'Deals',
      intent: 'transactional',
      pop: 0.45,
      pre: [],
      post: [
        modifiers('sales', 'deals', 0.3, both(['black friday', 'cyber monday', 'prime day', 'today'])),
        YEAR,
      ],
    }),
    core('{x} buying guide', {
      entities: CATEGORIES,
      group: 'Buying guides',
      intent: 'informational',
      pop: 0.1,
      pre: [],
      post: [YEAR],
    }),
    core('{x}', {
      entities: MODELS,
      group: 'Models',
      intent: 'navigational',
      pop: 1.6,
      pre: [],
      post: [MODEL_TOPICS, VARIANT, DEALS],
    }),
    core('{x} review', {
      entities: MODELS,
      group: 'Reviews',
      intent: 'commercial',
      pop: 0.5,
      pre: [],
      post: [YEAR, REVIEWS],
    }),
    core('{x} not working', {
      entities: MODELS,
      group: 'Fixes',
      intent: 'informational',
      pop: 0.15,
      pre: [],
      post: [modifiers('fix-detail', 'support', 0.3, FIXES)],
    }),
    core('how to reset {x}', {
      entities: MODELS,
      group: 'Fixes',
      intent: 'informational',
      pop: 0.15,
      pre: [],
      post: [
        modifiers('reset', 'support', 0.3, both(['to factory settings', 'without password', 'when frozen'])),
      ],
    }),
    core('{x} repair', {
      entities: MODELS,
      group: 'Repairs',
      intent: 'local',
      pop: 0.12,
      pre: [BEST],
      post: [NEAR_ME, modifiers('repair-cost', 'price', 0.3, both(['cost', 'price', 'screen', 'battery']))],
    }),
    core('{x} for sale', {
      entities: CATEGORIES,
      group: 'Deals',
      intent: 'transactional',
      pop: 0.2,
      pre: [BEST],
      post: [NEAR_ME, BUDGET],
    }),
  ],
};
