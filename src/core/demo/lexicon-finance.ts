// Personal-finance vocabulary of the demo keyword generator: mortgages, cards, savings, loans, insurance
// and pensions (401(k)s in the US), with bank names, audiences and local advisers as modifiers.
import {
  BEST,
  both,
  core,
  IN_TOWN,
  list,
  modifiers,
  NEAR_ME,
  REVIEWS,
  YEAR,
  type VerticalLexicon,
} from './lexicon';

const PRODUCTS = {
  gb: list(`
    mortgage, credit card, savings account, isa, personal loan, car insurance, home insurance,
    life insurance, pension, current account, car finance, pet insurance, travel credit card,
    balance transfer card, cash isa, stocks and shares isa, lifetime isa, premium bonds, remortgage,
    buy to let mortgage, debt consolidation loan, credit builder card, business bank account,
    van insurance, income protection insurance
  `),
  us: list(`
    mortgage, credit card, savings account, roth ira, personal loan, car insurance, homeowners insurance,
    life insurance, 401k, checking account, auto loan, pet insurance, travel credit card,
    balance transfer card, high yield savings account, brokerage account, traditional ira, cd rates,
    refinance, heloc, debt consolidation loan, secured credit card, business checking account,
    renters insurance, term life insurance
  `),
};

const BANKS = {
  gb: list(`barclays, hsbc, lloyds, natwest, santander, nationwide, halifax, monzo, starling, tsb`),
  us: list(`chase, bank of america, wells fargo, citi, capital one, us bank, pnc, ally, discover, amex`),
};

const AUDIENCE = modifiers('audience', 'audience', 0.08, {
  gb: list(`for first time buyers, for bad credit, for students, for self employed, for over 50s,
    for contractors, for young drivers, for pensioners, with no credit history, for couples`),
  us: list(`for first time buyers, for bad credit, for students, for self employed, for seniors,
    for veterans, for young drivers, for retirees, with no credit history, for couples`),
});

const RATE_WORDS = modifiers('rates', 'rates', 0.3, {
  gb: ['rates', 'interest rates', 'rates today', 'calculator', 'comparison', 'uk'],
  us: ['rates', 'interest rates', 'rates today', 'calculator', 'comparison', 'usa'],
});

const QUESTIONS = both(
  list(`
  how much can i borrow, how to improve my credit score, how to save money, how does compound interest work,
  what is apr, what is a good credit score, how to pay off debt, how to budget, how to start investing,
  what is an index fund, how to buy a house, how to check my credit score, what is inflation,
  how to get out of debt, how much should i save, how to build credit, what is a bond,
  how to invest in stocks, how to retire early, what is a fixed rate mortgage, how to consolidate debt,
  what is equity, how to make money online, what is a pension, how do tax brackets work
`),
);

const ADVISERS = {
  gb: list(`mortgage advisor, financial advisor, accountant, mortgage broker, independent financial advisor,
    tax advisor, debt advice, will writing service, equity release advisor, insurance broker`),
  us: list(`mortgage lender, financial advisor, accountant, mortgage broker, fee only financial advisor,
    tax preparer, credit counseling, estate planning attorney, insurance agent, cpa`),
};

export const FINANCE: VerticalLexicon = {
  id: 'finance',
  name: 'Personal finance',
  tag: 'finance',
  cores: [
    core('best {x}', {
      entities: PRODUCTS,
      group: 'Comparisons',
      intent: 'commercial',
      pop: 1,
      pre: [],
      post: [AUDIENCE, YEAR, REVIEWS],
    }),
    core('{x} rates', {
      entities: PRODUCTS,
      group: 'Rates',
      intent: 'commercial',
      pop: 0.8,
      pre: [BEST],
      post: [AUDIENCE, YEAR],
    }),
    core('compare {x}', {
      entities: PRODUCTS,
      group: 'Comparisons',
      intent: 'commercial',
      pop: 0.5,
      pre: [],
      post: [AUDIENCE, YEAR],
    }),
    core('{x} calculator', {
      entities: PRODUCTS,
      group: 'Calculators',
      intent: 'informational',
      pop: 0.6,
      pre: [],
      post: [YEAR],
    }),
    core('{x} explained', {
      entities: PRODUCTS,
      group: 'Guides',
      intent: 'informational',
      pop: 0.2,
      pre: [],
      post: [],
    }),
    core('{x} for beginners', {
      entities: PRODUCTS,
      group: 'Guides',
      intent: 'informational',
      pop: 0.1,
      pre: [],
      post: [YEAR],
    }),
    core('barclays {x}', {
      us: 'chase {x}',
      entities: PRODUCTS,
      group: 'Bank products',
      intent: 'navigational',
      pop: 0.35,
      pre: [],
      post: [RATE_WORDS, REVIEWS],
    }),
    core('hsbc {x}', {
      us: 'bank of america {x}',
      entities: PRODUCTS,
      group: 'Bank products',
      intent: 'navigational',
      pop: 0.3,
      pre: [],
      post: [RATE_WORDS, REVIEWS],
    }),
    core('nationwide {x}', {
      us: 'wells fargo {x}',
      entities: PRODUCTS,
      group: 'Bank products',
      intent: 'navigational',
      pop: 0.28,
      pre: [],
      post: [RATE_WORDS, REVIEWS],
    }),
    core('santander {x}', {
      us: 'capital one {x}',
      entities: PRODUCTS,
      group: 'Bank products',
      intent: 'navigational',
      pop: 0.25,
      pre: [],
      post: [RATE_WORDS, REVIEWS],
    }),
    core('{x} login', {
      entities: BANKS,
      group: 'Banks',
      intent: 'navigational',
      pop: 2,
      pre: [],
      post: [],
    }),
    core('{x} savings rates', {
      entities: BANKS,
      group: 'Banks',
      intent: 'commercial',
      pop: 0.4,
      pre: [],
      post: [YEAR],
    }),
    core('{x}', {
      entities: QUESTIONS,
      group: 'Money questions',
      intent: 'informational',
      pop: 0.5,
      pre: [],
      post: [YEAR],
    }),
    core('{x}', {
      entities: ADVISERS,
      group: 'Advisers',
      intent: 'local',
      pop: 0.5,
      pre: [BEST],
      post: [IN_TOWN, NEAR_ME, REVIEWS],
    }),
  ],
};
