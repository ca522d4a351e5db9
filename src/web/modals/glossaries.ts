// Column glossaries of the tables the app shows, opened through TABLE_GLOSSARY by the table's store name.
export interface GlossaryEntry {
  term: string;
  definition: string;
}

export interface Glossary {
  title: string;
  entries: GlossaryEntry[];
}

export const GLOSSARIES = {
  dashboardMarkets: {
    title: 'Markets',
    entries: [
      {
        term: 'Market',
        definition:
          'A country, language and device combination searched on Google, such as gb-en or us-en-mobile.',
      },
      { term: 'Keywords', definition: 'Distinct keywords stored for the market, across every campaign.' },
      {
        term: 'With volume',
        definition:
          'Keywords whose monthly search volume is known. Unknown volume is not zero: those keywords score 0 and are counted apart.',
      },
      { term: 'Search volume', definition: 'Sum of the monthly search volumes of the market’s keywords.' },
      { term: 'Snapshots', definition: 'Stored result pages: one per keyword and date.' },
      { term: 'First / last', definition: 'Dates of the oldest and newest snapshot in the market.' },
      {
        term: 'SERP results',
        definition: 'Individual results stored across all snapshots (organic and every other result type).',
      },
      { term: 'Hosts', definition: 'Distinct host names seen in those results.' },
    ],
  },
  campaigns: {
    title: 'Campaigns',
    entries: [
      {
        term: 'Campaign',
        definition:
          'A keyword set in one market, with keyword tags, keyword groups, tracked domains and domain groups.',
      },
      {
        term: 'Project',
        definition:
          'The project the campaign belongs to; project visibility is over the union of its campaigns.',
      },
      { term: 'Market', definition: 'The market whose results the campaign’s keywords are checked in.' },
      {
        term: 'Tracked domains',
        definition:
          'Domains, hosts or host paths whose visibility the campaign follows: your own and competitors’.',
      },
      {
        term: 'Schedule',
        definition: 'How often rankings are checked: daily, weekly, or not scheduled (imported data only).',
      },
      {
        term: 'CTR model',
        definition: 'The click-through-rate curve used to turn positions into estimated clicks.',
      },
    ],
  },
  campaignDomains: {
    title: 'Tracked domains',
    entries: [
      { term: 'Colour', definition: 'The series colour of the domain in every chart of this campaign.' },
      {
        term: 'Domain',
        definition:
          'A registrable domain (with every subdomain), a single host, or a host with a path prefix.',
      },
      {
        term: 'Role',
        definition: 'Own: a domain of your organisation. Competitor: a domain you compare against.',
      },
    ],
  },
  domainGroups: {
    title: 'Domain groups',
    entries: [
      {
        term: 'Group',
        definition: 'Several tracked domains measured as one; a result matching two members counts once.',
      },
      { term: 'Members', definition: 'The domains, hosts or host paths in the group.' },
    ],
  },
  keywordTags: {
    title: 'Keyword tags',
    entries: [
      {
        term: 'Tag',
        definition:
          'A label on keywords; a keyword may carry several tags. Selecting more than one tag combines them with AND.',
      },
      { term: 'Keywords', definition: 'Keywords of the campaign that carry the tag.' },
    ],
  },
  keywordGroups: {
    title: 'Keyword groups',
    entries: [
      {
        term: 'Group',
        definition: 'A named subset of the campaign’s keywords, used to split visibility by topic.',
      },
      { term: 'Keywords', definition: 'Keywords of the campaign in the group.' },
    ],
  },
  users: {
    title: 'Users and roles',
    entries: [
      { term: 'User', definition: 'A person of your organisation who can sign in.' },
      {
        term: 'Roles',
        definition:
          'What the user may open. Hover over a role heading for its meaning; changes apply at the user’s next request.',
      },
      { term: 'Status', definition: 'Disabled users cannot sign in; their data and roles are kept.' },
    ],
  },
  invitations: {
    title: 'Invitations',
    entries: [
      {
        term: 'Email',
        definition: 'The address the invitation was made for; the account is created with it.',
      },
      { term: 'Roles', definition: 'Roles the new user receives on accepting.' },
      {
        term: 'Expires',
        definition: 'After this moment the link no longer works; invite again to send a new one.',
      },
      { term: 'Status', definition: 'Pending, accepted, or expired.' },
    ],
  },
  reports: {
    title: 'Report definitions',
    entries: [
      { term: 'Name', definition: 'The title printed on the report.' },
      { term: 'Campaign', definition: 'The campaign whose visibility the report shows.' },
      { term: 'Sections', definition: 'The campaign-visibility widgets in the report, in report order.' },
      { term: 'Format', definition: 'HTML (a formatted document) or CSV (the numbers, one file).' },
      { term: 'Created', definition: 'When the definition was saved, and by whom.' },
    ],
  },
} satisfies Record<string, Glossary>;

export type GlossaryName = keyof typeof GLOSSARIES;
