/**
 * Spellings of the same job title: a title written with a common abbreviation ("VP Sales",
 * "CFO", "Sr. SWE") also matches its spelled-out form and the other way round, so a title
 * filter finds "Vice President, Sales" for "VP Sales". General job-market usage only.
 */
import pluralize from 'pluralize';
import { PLACED_ABBREVIATIONS } from './parse/lexicon/titles.js';
import { developerAsField, developerOrEngineer, fieldFirst, titleOrders } from './title-forms.js';

const ABBREVIATIONS: ReadonlyMap<string, string> = new Map(
  Object.entries<string>({
    vp: 'vice president',
    svp: 'senior vice president',
    evp: 'executive vice president',
    avp: 'assistant vice president',
    rvp: 'regional vice president',
    gvp: 'group vice president',
    sr: 'senior',
    jr: 'junior',
    mgr: 'manager',
    swe: 'software engineer',
    sde: 'software development engineer',
    sre: 'site reliability engineer',
    sdet: 'software development engineer in test',
    ae: 'account executive',
    sdr: 'sales development representative',
    bdr: 'business development representative',
    csm: 'customer success manager',
    tam: 'technical account manager',
    pm: 'product manager',
    pmm: 'product marketing manager',
    apm: 'associate product manager',
    tpm: 'technical program manager',
    gpm: 'group product manager',
    em: 'engineering manager',
    gm: 'general manager',
    ml: 'machine learning',
    ai: 'artificial intelligence',
    ux: 'user experience',
    ui: 'user interface',
    bi: 'business intelligence',
    it: 'information technology',
    ea: 'executive assistant',
    dba: 'database administrator',
    sysadmin: 'system administrator',
    hrbp: 'hr business partner',
    ceo: 'chief executive officer',
    cto: 'chief technology officer',
    cfo: 'chief financial officer',
    coo: 'chief operating officer',
    cmo: 'chief marketing officer',
    cro: 'chief revenue officer',
    cpo: 'chief product officer',
    cio: 'chief information officer',
    ciso: 'chief information security officer',
    cdo: 'chief data officer',
    chro: 'chief human resources officer',
    rn: 'registered nurse',
    dpo: 'data protection officer',
    adr: 'account development representative',
    mle: 'machine learning engineer',
    fae: 'field application engineer',
    tse: 'technical support engineer',
    bdm: 'business development manager',
    rse: 'research software engineer',
    clo: 'chief legal officer',
    caio: 'chief ai officer',
    qa: 'quality assurance',
    cpa: 'certified public accountant',
    cfp: 'certified financial planner',
    np: 'nurse practitioner',
    lpn: 'licensed practical nurse',
    cna: 'certified nursing assistant',
    crna: 'certified registered nurse anesthetist',
    emt: 'emergency medical technician',
    lcsw: 'licensed clinical social worker',
    bcba: 'board certified behavior analyst',
    slp: 'speech language pathologist',
    rrt: 'registered respiratory therapist',
    rep: 'representative',
    ops: 'operations',
    hr: 'human resources',
    pr: 'public relations',
    lab: 'laboratory',
  }),
);

/**
 * Abbreviations that spell out by place (lexicon/titles.ts): the last word of a title is its head
 * ("System Admin" is an administrator, "Pharmacy Tech" a technician); before it, a modifier
 * ("Admin Assistant" is administrative, "Tech Lead" a technical lead). The usual reading only.
 */
const HEAD_ABBREVIATIONS: ReadonlyMap<string, string> = new Map(
  [...PLACED_ABBREVIATIONS].map(([abbr, { head }]) => [abbr, head[0] as string]),
);
const MODIFIER_ABBREVIATIONS: ReadonlyMap<string, string> = new Map(
  [...PLACED_ABBREVIATIONS].map(([abbr, { modifier }]) => [abbr, modifier[0] as string]),
);

const EXPANSIONS = [...ABBREVIATIONS].map(([abbr, long]) => [long, abbr] as const).sort((a, b) => b[0].length - a[0].length);
/** Spelled-out words and their abbreviation: the first listed ("dev", not the plural "devs"). */
const shortForms = (readings: ReadonlyMap<string, string>): Map<string, string> =>
  new Map([...readings].reverse().map(([abbr, long]) => [long, abbr]));
const HEAD_SHORT = shortForms(HEAD_ABBREVIATIONS);
const MODIFIER_SHORT = shortForms(MODIFIER_ABBREVIATIONS);
/** Heads with another spelling: the abbreviations and the last words of what they spell. */
const SPELT_BOTH_WAYS = new Set(
  [...ABBREVIATIONS, ...HEAD_ABBREVIATIONS].flatMap(([abbr, long]) => [abbr, long.split(' ').at(-1) as string]),
);

const MAX_VARIANTS = 4;

/**
 * The abbreviation spellings of a title's words (lowercase, the title itself not included): its
 * abbreviations spelled out, then its spelled-out words abbreviated one at a time, then all, then
 * the words abbreviated by their place.
 */
function abbreviationSpellings(words: string[]): string[] {
  const last = words.length - 1;
  const out: string[] = [];
  // Abbreviations spelled out.
  out.push(
    words
      .map((w, i) => {
        const bare = w.replace(/[,]/g, '');
        // By its place only inside a title of two words or more: "Tech" alone names a sector as often.
        const placed = last > 0 ? (i === last ? HEAD_ABBREVIATIONS : MODIFIER_ABBREVIATIONS).get(bare) : undefined;
        return ABBREVIATIONS.get(bare) ?? placed ?? w;
      })
      .join(' '),
  );
  // Spelled-out forms abbreviated (longest first, whole words only): each alone ("Sales
  // Development Representative" is also "SDR" and "Sales Development Rep"; "Machine Learning
  // Engineer" "MLE" and "ML Engineer"), then all of them at once, then the words abbreviated by
  // their place ("Laboratory Technician" is "Lab Tech") once no acronym holds them.
  // A form inside a longer one already abbreviated ("machine learning" in "machine learning
  // engineer") comes after the rest: the acronym of the whole is the usual spelling.
  const whole = ` ${words.join(' ')} `;
  let short = whole;
  const inner: string[] = [];
  for (const [long, abbr] of EXPANSIONS) {
    if (whole.includes(` ${long} `)) (short.includes(` ${long} `) ? out : inner).push(whole.replaceAll(` ${long} `, ` ${abbr} `).trim());
    if (short.includes(` ${long} `)) short = short.replaceAll(` ${long} `, ` ${abbr} `);
  }
  out.push(short.trim(), ...inner);
  const shortWords = short.trim().split(' ');
  const end = shortWords.length - 1;
  const headShort = shortWords.length > 1 ? HEAD_SHORT.get(shortWords[end] as string) : undefined;
  out.push(shortWords.map((w, i) => (i === end ? (headShort ?? w) : (MODIFIER_SHORT.get(w) ?? w))).join(' '));
  return out;
}

/**
 * The title and up to three other spellings of it (lowercase), the title itself first: its most
 * used other word order ("VP Sales" is "VP of Sales", "Marketing Director" "Director of
 * Marketing", an "iOS Developer" an "iOS Engineer": title-forms.ts), then its abbreviation
 * spellings, then the other orders and their abbreviation spellings.
 */
export function titleVariants(title: string): string[] {
  const base = title.trim();
  const words = base.toLowerCase().replace(/\./g, '').split(/\s+/).filter(Boolean);
  const last = words.length - 1;
  // A plural head is read singular ("Sales Reps"), as the title analyzer reads it (plurals folded, docs/search-engine.md); only
  // when the singular has another spelling ("VP Sales" keeps its "sales").
  const single = last >= 0 ? pluralize.singular(words[last] as string) : '';
  if (single !== words[last] && SPELT_BOTH_WAYS.has(single)) words[last] = single;
  const written = words.join(' ');
  const plain = words.map((w) => w.replace(/,/g, '')).filter(Boolean);
  const orders = titleOrders(
    plain,
    words.some((w) => w.includes(',')),
  );
  const swapped = developerOrEngineer(plain) ?? developerAsField(plain);
  // A title written field first ("Marketing VP") is looked for in its written orders first.
  const leading = fieldFirst(plain) ? orders.length : 1;
  const [firsts, others] = [(swapped ? [swapped, ...orders] : orders).slice(0, leading), orders.slice(swapped ? leading - 1 : leading)];
  const candidates = [...firsts, ...abbreviationSpellings(words), ...others, ...orders.flatMap((o) => abbreviationSpellings(o.split(' ')))];
  const out = new Set<string>();
  for (const c of candidates) if (c !== written && c !== plain.join(' ')) out.add(c);
  return [base, ...out].slice(0, MAX_VARIANTS);
}
