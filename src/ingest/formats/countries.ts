// Country codes and names for importers: Search Console's API writes countries as ISO 3166-1 alpha-3
// (`usa`), its web export and SerpBear write English names (`United States`); markets use alpha-2 (`us`).
// Names come from Intl (CLDR English) plus the spellings those tools use that CLDR does not.

/** `{alpha-2}{alpha-3}` pairs of ISO 3166-1, plus `xk`/`xkx` (Kosovo) and `zz`/`zzz` (unknown region). */
const PAIRS =
  'adand aeare afafg agatg aiaia alalb amarm aoago aqata ararg asasm ataut auaus awabw axala azaze ' +
  'babih bbbrb bdbgd bebel bfbfa bgbgr bhbhr bibdi bjben blblm bmbmu bnbrn bobol bqbes brbra bsbhs ' +
  'btbtn bvbvt bwbwa byblr bzblz cacan cccck cdcod cfcaf cgcog chche ciciv ckcok clchl cmcmr cnchn ' +
  'cocol crcri cucub cvcpv cwcuw cxcxr cycyp czcze dedeu djdji dkdnk dmdma dodom dzdza ececu eeest ' +
  'egegy ehesh ereri esesp eteth fifin fjfji fkflk fmfsm fofro frfra gagab gbgbr gdgrd gegeo gfguf ' +
  'ggggy ghgha gigib glgrl gmgmb gngin gpglp gqgnq grgrc gssgs gtgtm gugum gwgnb gyguy hkhkg hmhmd hnhnd ' +
  'hrhrv hthti huhun ididn ieirl ilisr imimn inind ioiot iqirq irirn isisl itita jejey jmjam jojor ' +
  'jpjpn keken kgkgz khkhm kikir kmcom knkna kpprk krkor kwkwt kycym kzkaz lalao lblbn lclca lilie ' +
  'lklka lrlbr lslso ltltu lulux lvlva lylby mamar mcmco mdmda memne mfmaf mgmdg mhmhl mkmkd mlmli ' +
  'mmmmr mnmng momac mpmnp mqmtq mrmrt msmsr mtmlt mumus mvmdv mwmwi mxmex mymys mzmoz nanam ncncl ' +
  'nener nfnfk ngnga ninic nlnld nonor npnpl nrnru nuniu nznzl omomn papan peper pfpyf pgpng phphl ' +
  'pkpak plpol pmspm pnpcn prpri pspse ptprt pwplw pypry qaqat rereu rorou rssrb rurus rwrwa sasau ' +
  'sbslb scsyc sdsdn seswe sgsgp shshn sisvn sjsjm sksvk slsle smsmr snsen sosom srsur ssssd ststp ' +
  'svslv sxsxm sysyr szswz tctca tdtcd tfatf tgtgo ththa tjtjk tktkl tltls tmtkm tntun toton trtur ' +
  'tttto tvtuv twtwn tztza uaukr uguga umumi ususa uyury uzuzb vavat vcvct veven vgvgb vivir vnvnm ' +
  'vuvut wfwlf wswsm xkxkx yeyem ytmyt zazaf zmzmb zwzwe zzzzz';

const ALPHA3 = new Map<string, string>();
const ALPHA2 = new Set<string>();
for (const p of PAIRS.split(' ')) {
  ALPHA2.add(p.slice(0, 2));
  ALPHA3.set(p.slice(2), p.slice(0, 2));
}

/** Spellings used by Search Console and SerpBear that CLDR's English names do not match. */
const ALIASES: Record<string, string> = {
  'czech republic': 'cz',
  'ivory coast': 'ci',
  'myanmar burma': 'mm',
  burma: 'mm',
  swaziland: 'sz',
  'east timor': 'tl',
  turkey: 'tr',
  macedonia: 'mk',
  macau: 'mo',
  macao: 'mo',
  'hong kong': 'hk',
  palestine: 'ps',
  'us virgin islands': 'vi',
  'u s virgin islands': 'vi',
  'u s minor outlying islands': 'um',
  'us minor outlying islands': 'um',
  'democratic republic of the congo': 'cd',
  'republic of the congo': 'cg',
  bonaire: 'bq',
  'cocos keeling islands': 'cc',
  'vatican city': 'va',
  'saint martin': 'mf',
  aland: 'ax',
  'south georgia and the south sandwich islands': 'gs',
  'heard island and mcdonald islands': 'hm',
  'saint vincent and the grenadines': 'vc',
  unknown: 'zz',
  'unknown region': 'zz',
};

/** Lower case, no diacritics or punctuation, `&` as `and`, `St.` as `saint`, single spaces. */
function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/gu, ' and ')
    .replace(/\bst\.?(?=\s)/gu, 'saint')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

let byName: Map<string, string> | null = null;

function names(): Map<string, string> {
  if (byName) return byName;
  const m = new Map<string, string>();
  const display = new Intl.DisplayNames(['en'], { type: 'region' });
  for (const code of ALPHA2) {
    const name = display.of(code.toUpperCase());
    if (name !== undefined && name.toLowerCase() !== code) m.set(nameKey(name), code);
  }
  for (const [alias, code] of Object.entries(ALIASES)) m.set(nameKey(alias), code);
  byName = m;
  return m;
}

/** True for a current ISO 3166-1 alpha-2 code (lower case), `xk` and `zz` included. */
export function isCountryCode(code: string): boolean {
  return ALPHA2.has(code);
}

/** Alpha-2 (lower case) for an alpha-2 or alpha-3 code in any case; null when unknown. */
export function countryFromCode(code: string): string | null {
  const c = code.trim().toLowerCase();
  if (c.length === 2) return ALPHA2.has(c) ? c : null;
  if (c.length === 3) return ALPHA3.get(c) ?? null;
  return null;
}

/** Alpha-2 (lower case) for an English country name or a code; null when unknown. */
export function countryFromName(name: string): string | null {
  return countryFromCode(name) ?? names().get(nameKey(name)) ?? null;
}
