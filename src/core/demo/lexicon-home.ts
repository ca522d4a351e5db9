// Home & garden vocabulary of the demo keyword generator: room ideas, plants and their care, furniture
// and tools to buy, DIY how-tos and local trades, with styles, towns and prices as modifiers.
import {
  BEST,
  both,
  core,
  COST,
  DEALS,
  IN_TOWN,
  list,
  modifiers,
  MONTH,
  NEAR_ME,
  REVIEWS,
  YEAR,
  type VerticalLexicon,
} from './lexicon';

const ROOMS = {
  gb: list(`kitchen, bathroom, bedroom, living room, garden, hallway, loft, home office, dining room,
    utility room, kids bedroom, small garden, en suite, conservatory, patio, front garden`),
  us: list(`kitchen, bathroom, bedroom, living room, backyard, entryway, attic, home office, dining room,
    laundry room, kids bedroom, small backyard, primary bathroom, sunroom, patio, front yard`),
};

const STYLES = modifiers(
  'style',
  'inspiration',
  0.3,
  both(
    list(`
  modern, scandinavian, rustic, small, cottage, industrial, minimalist, boho, mid century, farmhouse,
  coastal, japandi, luxury, cheap
`),
  ),
);

const PLANTS = both(
  list(`
  lavender, hydrangea, tomato plants, roses, succulents, monstera, olive tree, bamboo, peace lily,
  snake plant, orchid, basil, rosemary, clematis, wisteria, strawberries, potatoes, dahlias, tulips,
  hostas, fuchsia, geraniums, peonies, camellia, magnolia tree, apple tree, blueberries, rhubarb,
  courgettes, chillies, sweet peas, jasmine, ivy, fiddle leaf fig, aloe vera, spider plant, boston fern,
  bonsai, cactus, rhododendron, azalea, boxwood, japanese maple, lilac, sunflowers, pampas grass,
  grass seed, hellebores, agapanthus, salvia
`),
);

const PLANT_MODS = modifiers(
  'plant',
  'gardening',
  0.15,
  both(
    list(`
  in pots, indoors, in winter, in summer, for beginners, in shade, from seed, from cuttings
`),
  ),
);

const ITEMS = {
  gb: list(`
    sofa, garden furniture, lawn mower, paint, wallpaper, kitchen cabinets, bathroom tiles, shed,
    decking, raised garden bed, artificial grass, corner sofa, bed frame, mattress, wardrobe, rug,
    curtains, blinds, ceiling lights, outdoor lights, hot tub, greenhouse, garden parasol, fire pit,
    pressure washer, strimmer, hedge trimmer, cordless drill, tool set, ladder, bbq, pizza oven,
    composter, water butt, garden hose, plant pots, bookshelf, tv unit, dining table, office chair,
    bunk beds, sofa bed, radiator, electric heater, dehumidifier, shower, toilet, kitchen sink,
    laminate flooring, carpet, doormat, mirror, storage boxes, fence panels, paving slabs, gravel
  `),
  us: list(`
    sofa, patio furniture, lawn mower, paint, wallpaper, kitchen cabinets, bathroom tiles, shed,
    deck, raised garden bed, artificial turf, sectional sofa, bed frame, mattress, dresser, area rug,
    curtains, blinds, ceiling lights, outdoor lights, hot tub, greenhouse, patio umbrella, fire pit,
    pressure washer, string trimmer, hedge trimmer, cordless drill, tool set, ladder, grill, pizza oven,
    compost bin, rain barrel, garden hose, planters, bookshelf, tv stand, dining table, office chair,
    bunk beds, sleeper sofa, space heater, electric fireplace, dehumidifier, shower, toilet, kitchen sink,
    vinyl plank flooring, carpet, doormat, mirror, storage bins, fence panels, pavers, mulch
  `),
};

const DIY = {
  gb: list(`
    paint a room, wallpaper a wall, tile a bathroom, lay laminate flooring, fix a leaking tap,
    unblock a sink, bleed a radiator, hang a door, build a raised bed, lay turf, build a shed base,
    paint kitchen cabinets, remove mould, grout tiles, fix a squeaky floor, install a dishwasher,
    lay patio slabs, plaster a wall, fit skirting boards, get rid of moss, repair a fence, paint a fence,
    clean a mattress, remove limescale, get rid of ants, get rid of slugs, compost at home,
    prune roses, divide hostas, grow grass in shade
  `),
  us: list(`
    paint a room, wallpaper a wall, tile a bathroom, install vinyl plank flooring, fix a leaky faucet,
    unclog a drain, reset a breaker, hang a door, build a raised bed, lay sod, build a shed base,
    paint kitchen cabinets, remove mold, grout tile, fix a squeaky floor, install a dishwasher,
    lay pavers, patch drywall, install baseboards, get rid of moss, repair a fence, stain a deck,
    clean a mattress, remove hard water stains, get rid of ants, get rid of grubs, compost at home,
    prune roses, divide hostas, grow grass in shade
  `),
};

const TRADES = {
  gb: list(`
    plumber, electrician, roofer, builders, landscaper, tree surgeon, kitchen fitters, garden centre,
    carpet cleaning, window cleaner, locksmith, handyman, painter and decorator, skip hire,
    boiler repair, gutter cleaning, driveway installers, bathroom fitters, plasterer, fencing contractors
  `),
  us: list(`
    plumber, electrician, roofer, general contractor, landscaper, tree service, kitchen remodeling,
    garden center, carpet cleaning, window cleaning, locksmith, handyman, house painter,
    dumpster rental, furnace repair, gutter cleaning, concrete contractors, bathroom remodeling,
    drywall repair, fence company
  `),
};

export const HOME: VerticalLexicon = {
  id: 'home',
  name: 'Home & garden',
  tag: 'home-garden',
  cores: [
    core('{x} ideas', {
      entities: ROOMS,
      group: 'Inspiration',
      intent: 'informational',
      pop: 1,
      pre: [STYLES],
      post: [YEAR, modifiers('budget', 'price', 0.15, both(['on a budget', 'uk', 'pinterest']))],
    }),
    core('{x} makeover', {
      entities: ROOMS,
      group: 'Inspiration',
      intent: 'informational',
      pop: 0.2,
      pre: [STYLES],
      post: [COST],
    }),
    core('how to grow {x}', {
      entities: PLANTS,
      group: 'Grow your own',
      intent: 'informational',
      pop: 0.6,
      pre: [],
      post: [PLANT_MODS],
    }),
    core('{x} care', {
      entities: PLANTS,
      group: 'Plant care',
      intent: 'informational',
      pop: 0.5,
      pre: [],
      post: [PLANT_MODS, MONTH],
    }),
    core('when to prune {x}', {
      entities: PLANTS,
      group: 'Plant care',
      intent: 'informational',
      pop: 0.2,
      pre: [],
      post: [],
    }),
    core('{x} for sale', {
      entities: PLANTS,
      group: 'Plants to buy',
      intent: 'transactional',
      pop: 0.15,
      pre: [BEST],
      post: [NEAR_ME, DEALS],
    }),
    core('{x}', {
      entities: ITEMS,
      group: 'Furniture & tools',
      intent: 'transactional',
      pop: 1.2,
      pre: [BEST],
      post: [DEALS, REVIEWS, YEAR, COST],
    }),
    core('{x} sale', {
      entities: ITEMS,
      group: 'Furniture & tools',
      intent: 'transactional',
      pop: 0.3,
      pre: [],
      post: [NEAR_ME, MONTH],
    }),
    core('how to {x}', {
      entities: DIY,
      group: 'DIY',
      intent: 'informational',
      pop: 0.6,
      pre: [],
      post: [
        modifiers('diy', 'diy', 0.1, both(['yourself', 'step by step', 'for beginners', 'uk', 'video'])),
      ],
    }),
    core('{x}', {
      entities: TRADES,
      group: 'Local trades',
      intent: 'local',
      pop: 0.7,
      pre: [BEST],
      post: [IN_TOWN, NEAR_ME, COST, REVIEWS],
    }),
  ],
};
