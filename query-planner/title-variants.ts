/**
 * Spellings of the same job title: a title written with a common abbreviation ("VP Sales",
 * "CFO", "Sr. SWE") also matches its spelled-out form and the other way round, so a title
 * filter finds "Vice President, Sales" for "VP Sales". General job-market usage only.
 */
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
  }),
);

const EXPANSIONS = [...ABBREVIATIONS].map(([abbr, long]) => [long, abbr] as const).sort((a, b) => b[0].length - a[0].length);

const MAX_VARIANTS = 4;

/** The title and up to three other spellings of it (lowercase), the title itself first. */
export function titleVariants(title: string): string[] {
  const base = title.trim();
  const words = base.toLowerCase().replace(/\./g, '').split(/\s+/).filter(Boolean);
  const out = new Set<string>([base]);
  // Abbreviations spelled out.
  const expanded = words.map((w) => ABBREVIATIONS.get(w.replace(/[,]/g, '')) ?? w).join(' ');
  if (expanded !== words.join(' ')) out.add(expanded);
  // Spelled-out forms abbreviated (longest first, whole words only).
  let short = ` ${words.join(' ')} `;
  for (const [long, abbr] of EXPANSIONS) short = short.replaceAll(` ${long} `, ` ${abbr} `);
  short = short.trim();
  if (short !== words.join(' ')) out.add(short);
  return [...out].slice(0, MAX_VARIANTS);
}
