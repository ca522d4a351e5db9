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

/** `{alpha-2}{numeric}` pairs of ISO 3166-1 (numeric codes, three digits). */
const NUMERIC_PAIRS =
  'ad020 ae784 af004 ag028 ai660 al008 am051 ao024 aq010 ar032 as016 at040 au036 aw533 ax248 az031 ' +
  'ba070 bb052 bd050 be056 bf854 bg100 bh048 bi108 bj204 bl652 bm060 bn096 bo068 bq535 br076 bs044 ' +
  'bt064 bv074 bw072 by112 bz084 ca124 cc166 cd180 cf140 cg178 ch756 ci384 ck184 cl152 cm120 cn156 ' +
  'co170 cr188 cu192 cv132 cw531 cx162 cy196 cz203 de276 dj262 dk208 dm212 do214 dz012 ec218 ee233 ' +
  'eg818 eh732 er232 es724 et231 fi246 fj242 fk238 fm583 fo234 fr250 ga266 gb826 gd308 ge268 gf254 ' +
  'gg831 gh288 gi292 gl304 gm270 gn324 gp312 gq226 gr300 gs239 gt320 gu316 gw624 gy328 hk344 hm334 ' +
  'hn340 hr191 ht332 hu348 id360 ie372 il376 im833 in356 io086 iq368 ir364 is352 it380 je832 jm388 ' +
  'jo400 jp392 ke404 kg417 kh116 ki296 km174 kn659 kp408 kr410 kw414 ky136 kz398 la418 lb422 lc662 ' +
  'li438 lk144 lr430 ls426 lt440 lu442 lv428 ly434 ma504 mc492 md498 me499 mf663 mg450 mh584 mk807 ' +
  'ml466 mm104 mn496 mo446 mp580 mq474 mr478 ms500 mt470 mu480 mv462 mw454 mx484 my458 mz508 na516 ' +
  'nc540 ne562 nf574 ng566 ni558 nl528 no578 np524 nr520 nu570 nz554 om512 pa591 pe604 pf258 pg598 ' +
  'ph608 pk586 pl616 pm666 pn612 pr630 ps275 pt620 pw585 py600 qa634 re638 ro642 rs688 ru643 rw646 ' +
  'sa682 sb090 sc690 sd729 se752 sg702 sh654 si705 sj744 sk703 sl694 sm674 sn686 so706 sr740 ss728 ' +
  'st678 sv222 sx534 sy760 sz748 tc796 td148 tf260 tg768 th764 tj762 tk772 tl626 tm795 tn788 to776 ' +
  'tr792 tt780 tv798 tw158 tz834 ua804 ug800 um581 us840 uy858 uz860 va336 vc670 ve862 vg092 vi850 ' +
  'vn704 vu548 wf876 ws882 ye887 yt175 za710 zm894 zw716';

const BY_NUMERIC = new Map<number, string>(
  NUMERIC_PAIRS.split(' ').map((p) => [Number(p.slice(2)), p.slice(0, 2)]),
);

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

/**
 * Alpha-2 (lower case) of a Google Ads geo-target location code of a country, as DataForSEO's
 * `location_code` uses them: a country's code is 2000 + its ISO 3166-1 numeric code (2826 United Kingdom,
 * 2840 United States). Null for any other location (a city, a region), whose country the code does not say.
 */
export function countryFromLocationCode(code: number): string | null {
  if (!Number.isInteger(code) || code < 2000 || code > 2999) return null;
  return BY_NUMERIC.get(code - 2000) ?? null;
}
