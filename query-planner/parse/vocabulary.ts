/**
 * The parser's vocabulary: general English and job-market words, not lists of evaluation
 * strings. Title heads and level words drive the title grammar (parse/titles.ts); industries,
 * skills, languages, schools and degrees are recognised as their own filters; stop words never
 * become titles or keywords. Every phrase is written as people type it and split the way the
 * tokenizer splits text ("e-commerce" matches "e commerce" and "e-commerce").
 */
import type { FundingStage, JobFunction, Seniority } from '../advanced-filters.js';

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

/** Function words and query fluff: never part of a title, never a keyword. */
export const STOP_WORDS = new Set(
  words(`
  a an the and or but nor not no yes any all some each every either neither both few many much more most less least other
  as if then else because while whether though although unless also etc used
  another such own same so than too very just only also even still already again ever never
  i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it
  its itself they them their theirs themselves what which who whom whose this that these those there here where when why how
  am is are was were be been being have has had having do does did doing done can could should would will shall may might
  must ought need needs needed want wants wanted wanting like likes liked looking look looks find finding found show showing
  get getting give giving list searching seeking seek please thanks thank hi hello hey
  of in on at to from by for with without within into onto upon about above below over under between among through throughout
  during before after since until till against along around across near nearby towards toward via per versus vs
  covering cover covers serving spanning out
  based located locating working work works worked living live lives relocating relocate
  jobs job positions position roles role openings opening vacancy vacancies opportunity opportunities posting postings
  person persons folks candidates candidate profiles profile someone somebody anyone anybody everyone individuals
  individual talent? hires hire hiring recruit recruiting? employees employee staff? members? professionals professional?
  companies company firms firm organizations organization organisations organisation orgs org businesses employers employer
  ideally ideal preferably preferred prefer plus bonus nice strong great good excellent exceptional talented top best
  rockstar ninja passionate motivated driven skilled proven solid deep broad hands on handson well currently current
  currently previously formerly recently recent today now new newly etc e.g i.e eg ie ok okay yeah
  experience experiences experienced exp background backgrounds expertise knowledge skills skill skillset familiarity
  years year yrs yr yoe months month
  `).filter((w) => !w.endsWith('?')),
);

/** Not worth keeping as residual keywords either. */
export const KEYWORD_STOP_WORDS = new Set([...STOP_WORDS, 'people', 'team', 'teams', 'someone', 'anyone', 'role', 'roles', 'ex', 'former']);

/** How and where people work: recognised, kept as keywords, never part of a title. */
export const WORKPLACE_WORDS: [string, string][] = [
  ['remote', 'remote'],
  ['fully remote', 'remote'],
  ['remote-first', 'remote'],
  ['remotely', 'remote'],
  ['wfh', 'remote'],
  ['hybrid', 'hybrid'],
  ['onsite', 'onsite'],
  ['on-site', 'onsite'],
  ['in-office', 'onsite'],
  ['in office', 'onsite'],
];

/** Words that introduce a place: "in", "near", "based in", "jobs Madrid". */
export const PLACE_CUES = new Set(
  words(
    'in near around from across throughout within covering cover covers for based located living relocating jobs positions roles openings out inside outside at',
  ),
);

/** Words after which a place is excluded rather than wanted. */
export const PLACE_EXCLUDE_CUES = new Set(words('outside excluding except exclude not'));

/**
 * Head nouns of job titles (singular). A title is built around one: modifiers before it,
 * an "of X" complement after some (see COMPLEMENT_HEADS).
 */
export const HEAD_NOUNS = new Set(
  words(`
  engineer developer programmer coder architect manager director lead leader head designer researcher scientist analyst
  specialist consultant advisor adviser associate coordinator administrator admin officer executive representative rep
  recruiter sourcer partner counsel attorney lawyer solicitor barrister paralegal accountant bookkeeper controller comptroller
  treasurer auditor actuary economist strategist marketer copywriter writer editor producer owner president founder cofounder
  fellow intern apprentice trainee technician technologist operator planner buyer merchandiser agent broker underwriter
  nurse physician doctor surgeon pharmacist therapist dentist clinician teacher instructor professor lecturer tutor trainer
  coach educator librarian statistician mathematician physicist chemist biologist psychologist quant generalist assistant
  secretary receptionist clerk advocate evangelist ambassador liaison investigator inspector moderator reviewer tester
  translator interpreter photographer videographer illustrator animator artist estimator surveyor drafter machinist mechanic
  electrician driver pilot chef cook entrepreneur investor supervisor superintendent dispatcher scheduler member steward
  master closer principal vp svp evp avp chief dean hacker expert practitioner worker model? curator storyteller journalist
  reporter correspondent announcer host organizer organiser facilitator mediator negotiator auctioneer appraiser banker
  trader cashier teller concierge officer hygienist radiologist veterinarian vet paramedic optometrist dietitian nutritionist
  midwife caregiver counselor counsellor epidemiologist geologist geophysicist hydrologist meteorologist ecologist botanist
  zoologist astronomer archivist historian linguist sociologist anthropologist philosopher lobbyist diplomat
  `).filter((w) => !w.endsWith('?')),
);

/** Heads that take an "of X" complement: "Head of Security", "Director of FP&A", "Chief of Staff". */
export const COMPLEMENT_HEADS = new Set(
  words('head director vp svp evp avp president chief manager member officer dean lead leader professor'),
);

/** Heads that read as a domain after them without "of": "VP Sales", "SVP Engineering". */
export const BARE_COMPLEMENT_HEADS = new Set(words('vp svp evp avp'));

/** Heads that are also common verbs or nouns: alone, in running prose, they are no title. */
export const VERB_LIKE_HEADS = new Set(
  words('lead head partner advocate counsel coach mentor architect model master principal member host trainer driver writer owner'),
);

/** Generic heads: alone ("Engineer"), they are too vague to be a title by themselves. */
export const GENERIC_HEADS = new Set(
  words(`engineer developer programmer manager director designer researcher scientist analyst specialist consultant advisor
  associate coordinator administrator admin officer executive representative rep architect lead leader writer producer
  technician technologist operator planner agent assistant expert practitioner worker master`),
);

/** Abbreviated titles and their canonical spelling. Plurals ("SWEs", "csms") are derived. */
export const ABBREVIATED_TITLES: ReadonlyMap<string, string> = new Map(
  Object.entries<string>({
    swe: 'SWE',
    sde: 'SDE',
    sre: 'SRE',
    sdet: 'SDET',
    ae: 'AE',
    sdr: 'SDR',
    bdr: 'BDR',
    csm: 'CSM',
    tam: 'TAM',
    pm: 'PM',
    pmm: 'PMM',
    apm: 'APM',
    tpm: 'TPM',
    gpm: 'GPM',
    em: 'EM',
    gm: 'GM',
    ea: 'EA',
    dba: 'DBA',
    hrbp: 'HRBP',
    ceo: 'CEO',
    cto: 'CTO',
    cfo: 'CFO',
    coo: 'COO',
    cmo: 'CMO',
    cro: 'CRO',
    cpo: 'CPO',
    cio: 'CIO',
    ciso: 'CISO',
    cdo: 'CDO',
    chro: 'CHRO',
    cco: 'CCO',
    cso: 'CSO',
    cxo: 'CXO',
    rn: 'RN',
  }),
);

/** Level words: seniority prefixes of a title ("Senior", "Staff", "Associate", "Founding"). */
export const LEVEL_WORDS = new Set(
  words(`senior sr junior jr staff principal lead distinguished associate assistant deputy founding first group chief head
  director vp svp evp avp managing interim acting fractional entry`),
);

/** Roman numerals and digits that follow a title ("Software Engineer II"). */
export const TITLE_SUFFIXES: ReadonlyMap<string, string> = new Map(
  Object.entries<string>({
    i: 'I',
    ii: 'II',
    iii: 'III',
    iv: 'IV',
    v: 'V',
    iis: 'II',
    iiis: 'III',
    ivs: 'IV',
    '1': '1',
    '2': '2',
    '3': '3',
    '4': '4',
  }),
);

/** Abbreviated words spelt out inside titles ("Sr. Engineer" → "Senior Engineer", "VP Eng"). */
export const WORD_EXPANSIONS: ReadonlyMap<string, string> = new Map(
  Object.entries<string>({
    sr: 'Senior',
    'sr.': 'Senior',
    snr: 'Senior',
    jr: 'Junior',
    'jr.': 'Junior',
    mgr: 'Manager',
    mgrs: 'Manager',
    dir: 'Director',
    eng: 'Engineering',
    engr: 'Engineer',
    engrs: 'Engineer',
    mktg: 'Marketing',
    assoc: 'Associate',
    asst: 'Assistant',
  }),
);

/** Words that describe people but are never part of their title ("women founders", "diverse candidates"). */
export const TITLE_BREAKERS = new Set(
  words('women woman female male men diverse underrepresented minority bilingual multilingual ex former aspiring potential prospective'),
);

/** Acronyms written in capitals inside titles. */
export const ACRONYMS = new Set(
  words(`ai ml nlp llm ux ui qa qe hr hris it bi pr seo sem aso ppc crm erp etl api sdk aws gcp sql css html php ar vr xr rf pcb
  fpga asic hvac ehs esg dei l&d fp&a r&d m&a p&l ip ic cpa cfa kyc aml grc soc ot cx gtm smb b2b b2c d2c dtc saas? tv ooh abm
  plg cs sales? swe sde sre sdet ae sdr bdr csm tam pm pmm apm tpm gpm em gm ea dba hrbp ceo cto cfo coo cmo cro cpo cio ciso
  cdo chro cco cso cxo vp svp evp avp rn np lpn emt ehr emr ats seo/sem ui/ux ux/ui ai/ml ar/vr iam sso noc sox gdpr hipaa
  ppm pmo cad cae cfd gis mep bim sap mlops? cv ocr rpa iot? edi`).filter((w) => !w.endsWith('?')),
);

/** Words with a set spelling inside titles and lists. */
export const CANONICAL_SPELLING: ReadonlyMap<string, string> = new Map(
  Object.entries<string>({
    ios: 'iOS',
    macos: 'macOS',
    devops: 'DevOps',
    devsecops: 'DevSecOps',
    mlops: 'MLOps',
    llmops: 'LLMOps',
    aiops: 'AIOps',
    dataops: 'DataOps',
    finops: 'FinOps',
    secops: 'SecOps',
    revops: 'RevOps',
    bizops: 'BizOps',
    salesops: 'SalesOps',
    devrel: 'DevRel',
    devex: 'DevEx',
    web3: 'Web3',
    genai: 'GenAI',
    saas: 'SaaS',
    paas: 'PaaS',
    iaas: 'IaaS',
    iot: 'IoT',
    javascript: 'JavaScript',
    typescript: 'TypeScript',
    'node.js': 'Node.js',
    nodejs: 'Node.js',
    '.net': '.NET',
    graphql: 'GraphQL',
    postgresql: 'PostgreSQL',
    mysql: 'MySQL',
    mongodb: 'MongoDB',
    pytorch: 'PyTorch',
    tensorflow: 'TensorFlow',
    github: 'GitHub',
    gitlab: 'GitLab',
    hubspot: 'HubSpot',
    netsuite: 'NetSuite',
    linkedin: 'LinkedIn',
    youtube: 'YouTube',
    fintech: 'Fintech',
  }),
);

/** Lowercase inside a title ("Head of Sales", "Trust & Safety"). */
export const TITLE_FUNCTION_WORDS = new Set(words('of and & for the to in on at a an'));

/** Words ending in "s" that are not plurals (never singularised). */
export const NOT_PLURAL = new Set(
  words(`sales operations relations services analytics logistics economics ops communications affairs systems sciences business
  success access process wellness fitness physics mathematics statistics graphics robotics electronics mechanics ethics
  genetics linguistics diagnostics therapeutics kubernetes series species status campus bus gas us plus bonus census corpus
  consensus analysis basis thesis class glass express press chess compass alias news payments payables receivables
  accounts benefits partnerships devops mlops revops finops bizops secops devsecops dataops llmops aiops salesops ios aws os
  dynamics biometrics aeronautics astronautics avionics optics acoustics ceramics cosmetics athletics forensics materials
  markets capital? rights relations insights claims`).filter((w) => !w.endsWith('?')),
);

/** A level stated on its own, outside a title: "senior level", "mid-level", "early career". */
export const LEVEL_PHRASES: [string, Seniority | null][] = [
  ['senior level', 'senior_ic'],
  ['senior-level', 'senior_ic'],
  ['mid level', 'ic'],
  ['mid-level', 'ic'],
  ['mid senior', 'senior_ic'],
  ['mid-senior level', 'senior_ic'],
  ['mid career', 'ic'],
  ['mid-career', 'ic'],
  ['intermediate level', 'ic'],
  ['entry level', 'entry'],
  ['entry-level', 'entry'],
  ['early career', 'entry'],
  ['early-career', 'entry'],
  ['early in career', 'entry'],
  ['early in their career', 'entry'],
  ['junior level', 'entry'],
  ['new grad', 'entry'],
  ['new grads', 'entry'],
  ['new graduate', 'entry'],
  ['new graduates', 'entry'],
  ['recent grad', 'entry'],
  ['recent grads', 'entry'],
  ['recent graduate', 'entry'],
  ['recent graduates', 'entry'],
  ['graduate level', 'entry'],
  ['ic', 'ic'],
  ['ics', 'ic'],
  ['individual contributor', 'ic'],
  ['individual contributors', 'ic'],
  ['ic level', 'ic'],
  ['people manager', 'manager'],
  ['people managers', 'manager'],
  ['manager level', 'manager'],
  ['management level', 'manager'],
  ['director level', 'director'],
  ['director-level', 'director'],
  ['vp level', 'vp'],
  ['vp-level', 'vp'],
  ['c-level', 'cxo'],
  ['c level', 'cxo'],
  ['c-suite', 'cxo'],
  ['c suite', 'cxo'],
  ['executive level', 'cxo'],
  ['executive-level', 'cxo'],
  ['experienced', null],
  ['highly experienced', null],
  ['very experienced', null],
  ['seasoned', null],
  ['veteran', null],
];

/**
 * Industries as people name them → the corpus's industry names (the `industry` keyword of
 * companies, copied onto profiles as `current_company.industry`).
 */
export const INDUSTRY_PHRASES: [string, string][] = [
  ['software company', 'Software'],
  ['software companies', 'Software'],
  ['software startup', 'Software'],
  ['software startups', 'Software'],
  ['saas', 'Software'],
  ['b2b saas', 'Software'],
  ['enterprise software', 'Software'],
  ['developer tools', 'Software'],
  ['developer tooling', 'Software'],
  ['devtools', 'Software'],
  ['dev tools', 'Software'],
  ['artificial intelligence', 'Artificial Intelligence'],
  ['genai', 'Artificial Intelligence'],
  ['gen ai', 'Artificial Intelligence'],
  ['generative ai', 'Artificial Intelligence'],
  ['ai startup', 'Artificial Intelligence'],
  ['ai startups', 'Artificial Intelligence'],
  ['ai company', 'Artificial Intelligence'],
  ['ai companies', 'Artificial Intelligence'],
  ['ai lab', 'Artificial Intelligence'],
  ['ai labs', 'Artificial Intelligence'],
  ['fintech', 'Financial Services'],
  ['fin tech', 'Financial Services'],
  ['financial services', 'Financial Services'],
  ['payments', 'Financial Services'],
  ['banking', 'Financial Services'],
  ['neobank', 'Financial Services'],
  ['crypto', 'Blockchain & Web3'],
  ['cryptocurrency', 'Blockchain & Web3'],
  ['web3', 'Blockchain & Web3'],
  ['web 3', 'Blockchain & Web3'],
  ['blockchain', 'Blockchain & Web3'],
  ['defi', 'Blockchain & Web3'],
  ['cybersecurity', 'Computer & Network Security'],
  ['cyber security', 'Computer & Network Security'],
  ['infosec', 'Computer & Network Security'],
  ['healthtech', 'Hospital & Health Care'],
  ['health tech', 'Hospital & Health Care'],
  ['healthcare', 'Hospital & Health Care'],
  ['health care', 'Hospital & Health Care'],
  ['digital health', 'Hospital & Health Care'],
  ['medtech', 'Hospital & Health Care'],
  ['telehealth', 'Hospital & Health Care'],
  ['biotech', 'Biotechnology'],
  ['biotechnology', 'Biotechnology'],
  ['life sciences', 'Biotechnology'],
  ['pharma', 'Biotechnology'],
  ['pharmaceutical', 'Biotechnology'],
  ['pharmaceuticals', 'Biotechnology'],
  ['e-commerce', 'E-commerce'],
  ['ecommerce', 'E-commerce'],
  ['marketplace', 'E-commerce'],
  ['marketplaces', 'E-commerce'],
  ['dtc', 'E-commerce'],
  ['d2c', 'E-commerce'],
  ['direct to consumer', 'E-commerce'],
  ['gaming', 'Computer Games'],
  ['video games', 'Computer Games'],
  ['video game', 'Computer Games'],
  ['game studio', 'Computer Games'],
  ['game studios', 'Computer Games'],
  ['esports', 'Computer Games'],
  ['media company', 'Media & Entertainment'],
  ['media companies', 'Media & Entertainment'],
  ['entertainment', 'Media & Entertainment'],
  ['streaming', 'Media & Entertainment'],
  ['publishing', 'Media & Entertainment'],
  ['logistics', 'Logistics & Supply Chain'],
  ['supply chain', 'Logistics & Supply Chain'],
  ['freight', 'Logistics & Supply Chain'],
  ['manufacturing', 'Manufacturing'],
  ['robotics', 'Manufacturing'],
  ['hardware', 'Manufacturing'],
  ['semiconductor', 'Manufacturing'],
  ['semiconductors', 'Manufacturing'],
  ['climate tech', 'Renewables & Environment'],
  ['climatetech', 'Renewables & Environment'],
  ['climate', 'Renewables & Environment'],
  ['cleantech', 'Renewables & Environment'],
  ['clean tech', 'Renewables & Environment'],
  ['clean energy', 'Renewables & Environment'],
  ['renewables', 'Renewables & Environment'],
  ['renewable energy', 'Renewables & Environment'],
  ['energy', 'Renewables & Environment'],
  ['edtech', 'Education'],
  ['ed tech', 'Education'],
  ['education', 'Education'],
  ['higher education', 'Education'],
  ['real estate', 'Real Estate'],
  ['proptech', 'Real Estate'],
  ['construction', 'Real Estate'],
  ['consulting', 'Management Consulting'],
  ['management consulting', 'Management Consulting'],
  ['consultancy', 'Management Consulting'],
  ['consultancies', 'Management Consulting'],
  ['govtech', 'Government Administration'],
  ['gov tech', 'Government Administration'],
  ['civic tech', 'Government Administration'],
  ['public sector', 'Government Administration'],
  ['government agency', 'Government Administration'],
  ['government agencies', 'Government Administration'],
  ['nonprofit', 'Non-profit Organization Management'],
  ['non-profit', 'Non-profit Organization Management'],
  ['nonprofits', 'Non-profit Organization Management'],
  ['non-profits', 'Non-profit Organization Management'],
  ['ngo', 'Non-profit Organization Management'],
  ['automotive', 'Automotive'],
  ['mobility', 'Automotive'],
  ['electric vehicles', 'Automotive'],
  ['autonomous driving', 'Automotive'],
  ['telecom', 'Telecommunications'],
  ['telecoms', 'Telecommunications'],
  ['telecommunications', 'Telecommunications'],
  ['retail', 'Retail'],
  ['consumer goods', 'Retail'],
  ['cpg', 'Retail'],
  ['fashion', 'Retail'],
  ['insurance', 'Insurance'],
  ['insurtech', 'Insurance'],
  ['hr tech', 'Human Resources'],
  ['hrtech', 'Human Resources'],
  ['legal tech', 'Legal Services'],
  ['legaltech', 'Legal Services'],
  ['law firm', 'Legal Services'],
  ['law firms', 'Legal Services'],
  ['aerospace', 'Aerospace & Defense'],
  ['defense', 'Aerospace & Defense'],
  ['defence', 'Aerospace & Defense'],
  ['space tech', 'Aerospace & Defense'],
  ['spacetech', 'Aerospace & Defense'],
  ['adtech', 'Marketing & Advertising'],
  ['ad tech', 'Marketing & Advertising'],
  ['martech', 'Marketing & Advertising'],
  ['advertising', 'Marketing & Advertising'],
  ['ad agency', 'Marketing & Advertising'],
  ['marketing agency', 'Marketing & Advertising'],
  ['marketing agencies', 'Marketing & Advertising'],
  ['creative agency', 'Marketing & Advertising'],
  ['creative agencies', 'Marketing & Advertising'],
  ['digital agency', 'Marketing & Advertising'],
  ['digital agencies', 'Marketing & Advertising'],
  ['travel', 'Travel & Hospitality'],
  ['hospitality', 'Travel & Hospitality'],
  ['traveltech', 'Travel & Hospitality'],
  ['agtech', 'Farming & Agriculture'],
  ['agritech', 'Farming & Agriculture'],
  ['agriculture', 'Farming & Agriculture'],
  ['foodtech', 'Farming & Agriculture'],
  ['deeptech', 'Software'],
  ['deep tech', 'Software'],
  ['regtech', 'Financial Services'],
  ['wealthtech', 'Financial Services'],
  ['femtech', 'Hospital & Health Care'],
  ['quantum computing', 'Software'],
  ['consumer tech', 'Software'],
];

/**
 * Sector buzzwords that, in front of a title, describe the company rather than the role
 * ("fintech data scientists", "gaming director of product"). Other industries in front of a
 * title are part of it ("Robotics Software Engineer", "Insurance Agent", "Supply Chain Analyst").
 */
export const SECTOR_PREFIXES = new Set([
  'saas',
  'b2b saas',
  'enterprise software',
  'developer tools',
  'developer tooling',
  'devtools',
  'dev tools',
  'genai',
  'gen ai',
  'generative ai',
  'fintech',
  'fin tech',
  'neobank',
  'crypto',
  'cryptocurrency',
  'web3',
  'web 3',
  'blockchain',
  'defi',
  'cybersecurity',
  'cyber security',
  'infosec',
  'healthtech',
  'health tech',
  'digital health',
  'medtech',
  'telehealth',
  'biotech',
  'biotechnology',
  'life sciences',
  'pharma',
  'pharmaceutical',
  'pharmaceuticals',
  'e-commerce',
  'ecommerce',
  'marketplace',
  'marketplaces',
  'dtc',
  'd2c',
  'direct to consumer',
  'gaming',
  'esports',
  'climate tech',
  'climatetech',
  'climate',
  'cleantech',
  'clean tech',
  'edtech',
  'ed tech',
  'proptech',
  'govtech',
  'gov tech',
  'civic tech',
  'insurtech',
  'hr tech',
  'hrtech',
  'legal tech',
  'legaltech',
  'space tech',
  'spacetech',
  'adtech',
  'ad tech',
  'martech',
  'traveltech',
  'agtech',
  'agritech',
  'foodtech',
  'deeptech',
  'deep tech',
  'regtech',
  'wealthtech',
  'femtech',
  'quantum computing',
  'consumer tech',
]);

/** Company stage words → funding stages. */
export const STAGE_PHRASES: [string, FundingStage[]][] = [
  ['bootstrapped', ['bootstrapped']],
  ['self-funded', ['bootstrapped']],
  ['pre-seed', ['pre_seed']],
  ['preseed', ['pre_seed']],
  ['pre-seed stage', ['pre_seed']],
  ['seed', ['seed']],
  ['seed stage', ['seed']],
  ['seed-stage', ['seed']],
  ['seed funded', ['seed']],
  ['seed-funded', ['seed']],
  ['series a', ['series_a']],
  ['series b', ['series_b']],
  ['series c', ['series_c']],
  ['series d', ['series_d']],
  ['series e', ['series_e_plus']],
  ['series f', ['series_e_plus']],
  ['series e+', ['series_e_plus']],
  ['series a-b', ['series_a', 'series_b']],
  ['series a/b', ['series_a', 'series_b']],
  ['series b-c', ['series_b', 'series_c']],
  ['series b/c', ['series_b', 'series_c']],
  ['series a-c', ['series_a', 'series_b', 'series_c']],
  ['series a to c', ['series_a', 'series_b', 'series_c']],
  ['series a or b', ['series_a', 'series_b']],
  ['series b or c', ['series_b', 'series_c']],
  ['series a through c', ['series_a', 'series_b', 'series_c']],
  ['early stage', ['pre_seed', 'seed', 'series_a']],
  ['early-stage', ['pre_seed', 'seed', 'series_a']],
  ['early stage startup', ['pre_seed', 'seed', 'series_a']],
  ['early-stage startup', ['pre_seed', 'seed', 'series_a']],
  ['early stage startups', ['pre_seed', 'seed', 'series_a']],
  ['early-stage startups', ['pre_seed', 'seed', 'series_a']],
  ['growth stage', ['series_b', 'series_c', 'series_d']],
  ['growth-stage', ['series_b', 'series_c', 'series_d']],
  ['late stage', ['series_d', 'series_e_plus']],
  ['late-stage', ['series_d', 'series_e_plus']],
  ['venture backed', ['seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e_plus']],
  ['venture-backed', ['seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e_plus']],
  ['vc backed', ['seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e_plus']],
  ['vc-backed', ['seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e_plus']],
  ['pe backed', ['private_equity']],
  ['pe-backed', ['private_equity']],
  ['private equity backed', ['private_equity']],
  ['private equity-backed', ['private_equity']],
  ['public company', ['public']],
  ['public companies', ['public']],
  ['publicly traded', ['public']],
  ['publicly-traded', ['public']],
  ['listed company', ['public']],
  ['listed companies', ['public']],
];

/** Company context without a numeric filter of its own ("startup", "big tech", "FAANG", "unicorn"). */
export const CONTEXT_PHRASES: [string, string][] = [
  ['startup', 'startup'],
  ['startups', 'startup'],
  ['start-up', 'startup'],
  ['start-ups', 'startup'],
  ['big tech', 'big_tech'],
  ['faang', 'big_tech'],
  ['maang', 'big_tech'],
  ['manga', 'big_tech'],
  ['fang', 'big_tech'],
  ['yc', 'startup'],
  ['yc-backed', 'startup'],
  ['y combinator', 'startup'],
  ['unicorn', 'unicorn'],
  ['unicorns', 'unicorn'],
  ['scaleup', 'scaleup'],
  ['scale-up', 'scaleup'],
  ['scaleups', 'scaleup'],
  ['scale-ups', 'scaleup'],
  ['fortune 500', 'large_enterprise'],
  ['fortune 100', 'large_enterprise'],
  ['enterprise', 'enterprise'],
  ['enterprises', 'enterprise'],
  ['large enterprise', 'large_enterprise'],
  ['large enterprises', 'large_enterprise'],
  ['small business', 'small_business'],
  ['small businesses', 'small_business'],
];

/** Company sizes implied by a context word (employee counts). */
export const CONTEXT_SIZES: ReadonlyMap<string, { min?: number; max?: number }> = new Map(
  Object.entries<{ min?: number; max?: number }>({
    big_tech: { min: 10_000 },
    large_enterprise: { min: 1_000 },
    small_business: { max: 200 },
  }),
);

/** Words after "enterprise" that make it a sales segment inside a title ("Enterprise AE"). */
export const SEGMENT_FOLLOWERS = new Set(
  words('sales account accounts ae aes csm csms customer architect architects solutions sdr sdrs bdr bdrs executive executives segment'),
);

/**
 * Skills written without ambiguity. `pure` skills are tools and languages: before a title they
 * are context ("python director of data platform"); `dual` skills are also title modifiers
 * ("Android Engineer", "NLP Engineer") and count as skills only outside a title. `ambiguous`
 * ones are also common words and need a skill cue ("with", "experience", a list) or capitals.
 */
export interface SkillEntry {
  name: string;
  kind: 'pure' | 'dual';
  ambiguous?: boolean;
}

const pure = (name: string, ambiguous = false): SkillEntry => ({ name, kind: 'pure', ...(ambiguous ? { ambiguous } : {}) });
const dual = (name: string, ambiguous = false): SkillEntry => ({ name, kind: 'dual', ...(ambiguous ? { ambiguous } : {}) });

export const SKILL_PHRASES: [string, SkillEntry][] = [
  // Programming languages and runtimes.
  ['python', pure('Python')],
  ['java', pure('Java')],
  ['javascript', pure('JavaScript')],
  ['js', pure('JavaScript')],
  ['typescript', pure('TypeScript')],
  ['ts', pure('TypeScript', true)],
  ['golang', pure('Go')],
  ['go', pure('Go', true)],
  ['rust', pure('Rust')],
  ['c++', pure('C++')],
  ['cpp', pure('C++')],
  ['c#', pure('C#')],
  ['.net', pure('.NET')],
  ['dotnet', pure('.NET')],
  ['c', pure('C', true)],
  ['ruby', pure('Ruby')],
  ['ruby on rails', pure('Ruby on Rails')],
  ['rails', pure('Ruby on Rails')],
  ['php', pure('PHP')],
  ['scala', pure('Scala')],
  ['kotlin', pure('Kotlin')],
  ['swift', pure('Swift')],
  ['objective-c', pure('Objective-C')],
  ['elixir', pure('Elixir')],
  ['erlang', pure('Erlang')],
  ['haskell', pure('Haskell')],
  ['clojure', pure('Clojure')],
  ['perl', pure('Perl')],
  ['r', pure('R', true)],
  ['matlab', pure('MATLAB')],
  ['julia', pure('Julia', true)],
  ['dart', pure('Dart', true)],
  ['solidity', pure('Solidity')],
  ['sql', pure('SQL')],
  ['nosql', pure('NoSQL')],
  ['bash', pure('Bash', true)],
  // Frameworks and libraries.
  ['react', pure('React', true)],
  ['react native', pure('React Native')],
  ['reactjs', pure('React')],
  ['react.js', pure('React')],
  ['next.js', pure('Next.js')],
  ['nextjs', pure('Next.js')],
  ['angular', pure('Angular')],
  ['vue', pure('Vue.js')],
  ['vue.js', pure('Vue.js')],
  ['svelte', pure('Svelte')],
  ['node', pure('Node.js', true)],
  ['node.js', pure('Node.js')],
  ['nodejs', pure('Node.js')],
  ['django', pure('Django')],
  ['flask', pure('Flask')],
  ['fastapi', pure('FastAPI')],
  ['spring', pure('Spring', true)],
  ['spring boot', pure('Spring Boot')],
  ['laravel', pure('Laravel')],
  ['flutter', pure('Flutter')],
  ['tensorflow', pure('TensorFlow')],
  ['pytorch', pure('PyTorch')],
  ['keras', pure('Keras')],
  ['scikit-learn', pure('scikit-learn')],
  ['sklearn', pure('scikit-learn')],
  ['pandas', pure('pandas')],
  ['numpy', pure('NumPy')],
  ['spark', pure('Apache Spark')],
  ['apache spark', pure('Apache Spark')],
  ['pyspark', pure('Apache Spark')],
  ['hadoop', pure('Hadoop')],
  ['kafka', pure('Kafka')],
  ['airflow', pure('Airflow')],
  ['dbt', pure('dbt')],
  ['graphql', pure('GraphQL')],
  ['rest apis', pure('REST APIs')],
  ['rest api', pure('REST APIs')],
  ['grpc', pure('gRPC')],
  ['hugging face', pure('Hugging Face')],
  ['langchain', pure('LangChain')],
  ['unity', pure('Unity', true)],
  ['unreal', pure('Unreal Engine')],
  ['unreal engine', pure('Unreal Engine')],
  // Data stores and cloud.
  ['postgres', pure('PostgreSQL')],
  ['postgresql', pure('PostgreSQL')],
  ['mysql', pure('MySQL')],
  ['mongodb', pure('MongoDB')],
  ['mongo', pure('MongoDB')],
  ['redis', pure('Redis')],
  ['elasticsearch', pure('Elasticsearch')],
  ['opensearch', pure('OpenSearch')],
  ['cassandra', pure('Cassandra')],
  ['dynamodb', pure('DynamoDB')],
  ['snowflake', pure('Snowflake')],
  ['bigquery', pure('BigQuery')],
  ['redshift', pure('Redshift')],
  ['databricks', pure('Databricks')],
  ['aws', pure('AWS')],
  ['amazon web services', pure('AWS')],
  ['gcp', pure('Google Cloud Platform')],
  ['google cloud', pure('Google Cloud Platform')],
  ['google cloud platform', pure('Google Cloud Platform')],
  ['azure', pure('Microsoft Azure')],
  ['microsoft azure', pure('Microsoft Azure')],
  ['kubernetes', pure('Kubernetes')],
  ['k8s', pure('Kubernetes')],
  ['docker', pure('Docker')],
  ['terraform', pure('Terraform')],
  ['ansible', pure('Ansible')],
  ['linux', pure('Linux')],
  ['git', pure('Git', true)],
  ['ci/cd', pure('CI/CD')],
  ['microservices', pure('Microservices')],
  ['distributed systems', pure('Distributed Systems')],
  ['system design', pure('System Design')],
  ['web design', pure('Web Design')],
  // Business tools.
  ['excel', pure('Excel', true)],
  ['microsoft excel', pure('Excel')],
  ['powerpoint', pure('PowerPoint')],
  ['tableau', pure('Tableau')],
  ['power bi', pure('Power BI')],
  ['powerbi', pure('Power BI')],
  ['looker', pure('Looker')],
  ['figma', pure('Figma')],
  ['sketch', pure('Sketch', true)],
  ['adobe xd', pure('Adobe XD')],
  ['photoshop', pure('Adobe Photoshop')],
  ['illustrator', pure('Adobe Illustrator', true)],
  ['salesforce', pure('Salesforce')],
  ['hubspot', pure('HubSpot')],
  ['marketo', pure('Marketo')],
  ['gainsight', pure('Gainsight')],
  ['zendesk', pure('Zendesk')],
  ['workday', pure('Workday')],
  ['greenhouse', pure('Greenhouse', true)],
  ['netsuite', pure('NetSuite')],
  ['sap', pure('SAP')],
  ['quickbooks', pure('QuickBooks')],
  ['jira', pure('Jira')],
  ['google ads', pure('Google Ads')],
  ['google analytics', pure('Google Analytics')],
  ['meddic', pure('MEDDIC')],
  ['meddpicc', pure('MEDDPICC')],
  ['gaap', pure('GAAP')],
  ['ifrs', pure('IFRS')],
  ['gdpr', pure('GDPR')],
  ['hipaa', pure('HIPAA')],
  ['six sigma', pure('Lean Six Sigma')],
  ['lean six sigma', pure('Lean Six Sigma')],
  ['scrum', pure('Scrum')],
  ['agile', pure('Agile Methodologies', true)],
  ['a/b testing', pure('A/B Testing')],
  ['cpa', pure('CPA')],
  ['ab testing', pure('A/B Testing')],
  ['financial modeling', pure('Financial Modeling')],
  ['sas', pure('SAS')],
  ['stata', pure('Stata')],
  ['spss', pure('SPSS')],
  ['opencv', pure('OpenCV')],
  ['cuda', pure('CUDA')],
  ['verilog', pure('Verilog')],
  ['vhdl', pure('VHDL')],
  ['labview', pure('LabVIEW')],
  ['autocad', pure('AutoCAD')],
  ['solidworks', pure('SolidWorks')],
  ['revit', pure('Revit')],
  ['blender', pure('Blender', true)],
  ['after effects', pure('Adobe After Effects')],
  ['premiere pro', pure('Adobe Premiere Pro')],
  ['indesign', pure('Adobe InDesign')],
  ['canva', pure('Canva')],
  ['webflow', pure('Webflow')],
  ['wordpress', pure('WordPress')],
  ['shopify', pure('Shopify')],
  ['magento', pure('Magento')],
  ['amplitude', pure('Amplitude', true)],
  ['mixpanel', pure('Mixpanel')],
  ['segment', pure('Segment', true)],
  ['pardot', pure('Pardot')],
  ['zoominfo', pure('ZoomInfo')],
  ['sales navigator', pure('LinkedIn Sales Navigator')],
  ['bamboohr', pure('BambooHR')],
  ['rippling', pure('Rippling')],
  ['xero', pure('Xero')],
  ['oracle', pure('Oracle', true)],
  ['sql server', pure('SQL Server')],
  ['t-sql', pure('SQL')],
  ['pl/sql', pure('SQL')],
  ['helm', pure('Helm', true)],
  ['prometheus', pure('Prometheus')],
  ['grafana', pure('Grafana')],
  ['datadog', pure('Datadog')],
  ['splunk', pure('Splunk')],
  ['jenkins', pure('Jenkins')],
  ['github actions', pure('GitHub Actions')],
  ['gitlab', pure('GitLab')],
  ['github', pure('GitHub')],
  ['circleci', pure('CircleCI')],
  ['puppet', pure('Puppet', true)],
  ['openai', pure('OpenAI API')],
  ['rag', pure('RAG', true)],
  ['dbt', pure('dbt')],
  ['sveltekit', pure('SvelteKit')],
  ['tailwind', pure('Tailwind CSS')],
  ['html', pure('HTML')],
  ['css', pure('CSS')],
  ['jquery', pure('jQuery')],
  ['redux', pure('Redux')],
  ['express', pure('Express', true)],
  ['nestjs', pure('NestJS')],
  ['rabbitmq', pure('RabbitMQ')],
  ['kinesis', pure('Kinesis')],
  ['flink', pure('Flink')],
  ['clickhouse', pure('ClickHouse')],
  ['supabase', pure('Supabase')],
  ['firebase', pure('Firebase')],
  ['gcp', pure('Google Cloud Platform')],
  ['financial modelling', pure('Financial Modeling')],
  // Domains that are also title modifiers.
  ['machine learning', dual('Machine Learning')],
  ['ml', dual('Machine Learning')],
  ['deep learning', dual('Deep Learning')],
  ['ai', dual('Artificial Intelligence', true)],
  ['nlp', dual('Natural Language Processing')],
  ['natural language processing', dual('Natural Language Processing')],
  ['llm', dual('LLMs')],
  ['llms', dual('LLMs')],
  ['computer vision', dual('Computer Vision')],
  ['reinforcement learning', dual('Reinforcement Learning')],
  ['data science', dual('Data Science')],
  ['data analysis', dual('Data Analysis')],
  ['data engineering', dual('Data Engineering')],
  ['android', dual('Android')],
  ['ios', dual('iOS')],
  ['devops', dual('DevOps')],
  ['mlops', dual('MLOps')],
  ['embedded systems', dual('Embedded Systems')],
  ['cloud', dual('Cloud Computing', true)],
  ['security', dual('Security', true)],
  ['seo', dual('SEO')],
  ['sem', dual('SEM')],
  ['ux', dual('User Experience (UX)')],
  ['ux research', dual('User Research')],
  ['user research', dual('User Research')],
  ['product management', dual('Product Management')],
  ['project management', dual('Project Management')],
  ['program management', dual('Program Management')],
  ['account management', dual('Account Management')],
  ['enterprise sales', dual('Enterprise Sales')],
  ['b2b sales', dual('B2B Sales')],
  ['saas sales', dual('SaaS Sales')],
  ['growth', dual('Growth Marketing', true)],
  ['growth marketing', dual('Growth Marketing')],
  ['content marketing', dual('Content Marketing')],
  ['demand generation', dual('Demand Generation')],
  ['digital marketing', dual('Digital Marketing')],
  ['email marketing', dual('Email Marketing')],
  ['product marketing', dual('Product Marketing')],
  ['fp&a', dual('FP&A')],
  ['accounting', dual('Accounting', true)],
  ['recruiting', dual('Recruiting', true)],
  ['technical recruiting', dual('Technical Recruiting')],
  ['talent acquisition', dual('Talent Acquisition')],
  ['fraud detection', dual('Fraud Detection')],
  ['content moderation', dual('Content Moderation')],
  ['blockchain', dual('Blockchain', true)],
  ['smart contracts', dual('Smart Contracts')],
  ['web3', dual('Web3', true)],
];

/** Languages people are asked to speak. */
export const LANGUAGES = words(`English Spanish French German Italian Portuguese Dutch Swedish Norwegian Danish Finnish Icelandic
  Polish Czech Slovak Hungarian Romanian Bulgarian Greek Turkish Russian Ukrainian Serbian Croatian Slovenian Lithuanian
  Latvian Estonian Arabic Hebrew Persian Farsi Urdu Hindi Bengali Punjabi Tamil Telugu Marathi Gujarati Kannada Malayalam
  Mandarin Cantonese Chinese Japanese Korean Vietnamese Thai Indonesian Malay Tagalog Filipino Swahili Amharic Yoruba Hausa
  Zulu Afrikaans Catalan Basque Galician Welsh Irish`);

/** Phrases that ask for a language: "fluent in X", "X-speaking", "native X speaker". */
export const LANGUAGE_NATIVE_WORDS = new Set(words('native bilingual'));

/** Degrees: phrase → canonical degree name (as `degrees` filters take them). */
export const DEGREE_PHRASES: [string, string, boolean][] = [
  // [phrase, degree, needs a degree cue (shared with a place code or a common word)]
  ['mba', 'MBA', false],
  ['mbas', 'MBA', false],
  ['emba', 'MBA', false],
  ['executive mba', 'MBA', false],
  ['master of business administration', 'MBA', false],
  ['phd', 'PhD', false],
  ['ph.d', 'PhD', false],
  ['ph.d.', 'PhD', false],
  ['phds', 'PhD', false],
  ['doctorate', 'PhD', false],
  ['doctoral degree', 'PhD', false],
  ['doctor of philosophy', 'PhD', false],
  ["bachelor's", 'Bachelor', false],
  ['bachelors', 'Bachelor', false],
  ['bachelor', 'Bachelor', false],
  ["bachelor's degree", 'Bachelor', false],
  ['bachelors degree', 'Bachelor', false],
  ['undergraduate degree', 'Bachelor', false],
  ['undergrad degree', 'Bachelor', false],
  ['bsc', 'Bachelor', false],
  ['b.sc', 'Bachelor', false],
  ['b.s.', 'Bachelor', false],
  ['b.a.', 'Bachelor', false],
  ['b.tech', 'Bachelor', false],
  ['btech', 'Bachelor', false],
  ['b.e.', 'Bachelor', false],
  ['bs', 'Bachelor', true],
  ['ba', 'Bachelor', true],
  ["master's", 'Master', false],
  ['masters', 'Master', true],
  ["master's degree", 'Master', false],
  ['masters degree', 'Master', false],
  ['graduate degree', 'Master', false],
  ['msc', 'Master', false],
  ['m.sc', 'Master', false],
  ['m.s.', 'Master', false],
  ['m.tech', 'Master', false],
  ['mtech', 'Master', false],
  ['meng', 'Master', false],
  ['ms', 'Master', true],
  ['ma', 'Master', true],
  ['jd', 'JD', true],
  ['j.d.', 'JD', false],
  ['juris doctor', 'JD', false],
  ['law degree', 'JD', false],
  ['llm', 'LLM', true],
  ['ll.m.', 'LLM', false],
  ['llb', 'LLB', false],
  ['md', 'MD', true],
  ['m.d.', 'MD', false],
  ['medical degree', 'MD', false],
  ['doctor of medicine', 'MD', false],
  ['mbbs', 'MD', false],
];

/** A degree word that needs context is one when followed or preceded by one of these. */
export const DEGREE_CUES = new Set(
  words('degree degrees holder holders holds holding with has have having an a in from graduate grads graduates and or'),
);

/**
 * Well-known schools: alias → canonical name. `strict` names are also places or common words
 * ("Berkeley", "Oxford", "Columbia", "Brown"): they count only after a school cue
 * ("went to", "alumni of", "graduated from") or before "alumni"/"grads".
 */
export const SCHOOLS: [string, string, boolean][] = [
  ['mit', 'Massachusetts Institute of Technology', false],
  ['massachusetts institute of technology', 'Massachusetts Institute of Technology', false],
  ['stanford', 'Stanford University', false],
  ['stanford university', 'Stanford University', false],
  ['harvard', 'Harvard University', false],
  ['harvard university', 'Harvard University', false],
  ['harvard business school', 'Harvard Business School', false],
  ['hbs', 'Harvard Business School', true],
  ['wharton', 'The Wharton School', false],
  ['uc berkeley', 'University of California, Berkeley', false],
  ['berkeley', 'University of California, Berkeley', true],
  ['cal', 'University of California, Berkeley', true],
  ['ucla', 'University of California, Los Angeles', false],
  ['ucsd', 'University of California, San Diego', false],
  ['usc', 'University of Southern California', false],
  ['caltech', 'California Institute of Technology', false],
  ['cmu', 'Carnegie Mellon University', false],
  ['carnegie mellon', 'Carnegie Mellon University', false],
  ['princeton', 'Princeton University', false],
  ['yale', 'Yale University', false],
  ['columbia', 'Columbia University', true],
  ['columbia university', 'Columbia University', false],
  ['cornell', 'Cornell University', false],
  ['upenn', 'University of Pennsylvania', false],
  ['penn', 'University of Pennsylvania', true],
  ['brown', 'Brown University', true],
  ['brown university', 'Brown University', false],
  ['dartmouth', 'Dartmouth College', false],
  ['duke', 'Duke University', true],
  ['northwestern', 'Northwestern University', true],
  ['uchicago', 'University of Chicago', false],
  ['nyu', 'New York University', false],
  ['georgia tech', 'Georgia Institute of Technology', false],
  ['uiuc', 'University of Illinois Urbana-Champaign', false],
  ['ut austin', 'The University of Texas at Austin', false],
  ['umich', 'University of Michigan', false],
  ['purdue', 'Purdue University', false],
  ['johns hopkins', 'Johns Hopkins University', false],
  ['rice', 'Rice University', true],
  ['oxford', 'University of Oxford', true],
  ['cambridge', 'University of Cambridge', true],
  ['imperial college', 'Imperial College London', false],
  ['imperial', 'Imperial College London', true],
  ['lse', 'London School of Economics', false],
  ['ucl', 'University College London', false],
  ['eth', 'ETH Zurich', true],
  ['eth zurich', 'ETH Zurich', false],
  ['epfl', 'EPFL', false],
  ['insead', 'INSEAD', false],
  ['hec', 'HEC Paris', false],
  ['iit', 'Indian Institute of Technology', false],
  ['iits', 'Indian Institute of Technology', false],
  ['waterloo', 'University of Waterloo', true],
  ['uwaterloo', 'University of Waterloo', false],
  ['toronto', 'University of Toronto', true],
  ['mcgill', 'McGill University', false],
  ['ubc', 'University of British Columbia', false],
  ['tsinghua', 'Tsinghua University', false],
  ['peking university', 'Peking University', false],
  ['nus', 'National University of Singapore', false],
  ['technion', 'Technion', false],
  ['tum', 'Technical University of Munich', true],
];

/** Words that announce a school: "went to X", "alumni of X", "X grads". */
export const SCHOOL_BEFORE = [
  'went to',
  'studied at',
  'graduated from',
  'graduate of',
  'graduates of',
  'alumni of',
  'alumnus of',
  'alumna of',
  'alum of',
  'alums of',
  'degree from',
  'educated at',
  'attended',
];
export const SCHOOL_AFTER = new Set(words('alumni alumnus alumna alum alums grads grad graduates graduate'));

/** Connection phrases → connection degrees. */
export const RELATION_PHRASES: [string, ('1st' | '2nd' | '3rd+')[]][] = [
  ['people i know', ['1st']],
  ['people that i know', ['1st']],
  ['people who i know', ['1st']],
  ['people i am connected to', ['1st']],
  ["people i'm connected to", ['1st']],
  ['i am connected to', ['1st']],
  ["i'm connected to", ['1st']],
  ['folks i know', ['1st']],
  ['someone i know', ['1st']],
  ['anyone i know', ['1st']],
  ['who i know', ['1st']],
  ['whom i know', ['1st']],
  ['i know personally', ['1st']],
  ['my connections', ['1st']],
  ['my contacts', ['1st']],
  ['my direct connections', ['1st']],
  ['direct connections', ['1st']],
  ['1st degree', ['1st']],
  ['1st-degree', ['1st']],
  ['first degree', ['1st']],
  ['first-degree', ['1st']],
  ['1st degree connections', ['1st']],
  ['first degree connections', ['1st']],
  ['1st connections', ['1st']],
  ['2nd degree', ['2nd']],
  ['second degree', ['2nd']],
  ['2nd degree connections', ['2nd']],
  ['second degree connections', ['2nd']],
  ['2nd connections', ['2nd']],
  ['friends of friends', ['2nd']],
  ['friend of a friend', ['2nd']],
  ['friends of my friends', ['2nd']],
  ['people my connections know', ['2nd']],
  ['connections of my connections', ['2nd']],
  ['mutual connections', ['2nd']],
  ['mutual connection', ['2nd']],
  ['warm intro', ['1st', '2nd']],
  ['warm intros', ['1st', '2nd']],
  ['warm introduction', ['1st', '2nd']],
  ['3rd degree', ['3rd+']],
  ['third degree', ['3rd+']],
  ['3rd degree connections', ['3rd+']],
  ['3rd+', ['3rd+']],
  ['in my network', ['1st', '2nd']],
  ['my network', ['1st', '2nd']],
  ['my extended network', ['1st', '2nd', '3rd+']],
  ['1st and 2nd degree', ['1st', '2nd']],
  ['1st or 2nd degree', ['1st', '2nd']],
  ['first and second degree', ['1st', '2nd']],
  ['first or second degree', ['1st', '2nd']],
  ['outside my network', ['3rd+']],
  ['not in my network', ['3rd+']],
];

/** Number words for experience ("seven years", "a decade"). */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  Object.entries<number>({
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    thirteen: 13,
    fourteen: 14,
    fifteen: 15,
    sixteen: 16,
    seventeen: 17,
    eighteen: 18,
    nineteen: 19,
    twenty: 20,
    'twenty-five': 25,
    thirty: 30,
  }),
);

/**
 * Place names that are also common words or names ("Mobile", "Reading", "Enterprise",
 * "Lead", "South"): they count as places only after a place word ("in", "near", ...).
 */
export const PLACE_COMMON_WORDS = new Set(
  words(`mobile reading enterprise lead nice split bath bend butte canton concord cork dover elk eureka flint gay grand
  homestead hue independence kent lawrence logan male man mango mary mascara mercedes midland moron moss norman orange oral
  temple tours troy turbo van victoria ye normal batman como union surprise paradise hope liberty commerce industry
  opportunity golden sandy san springs south southeast sea peninsula gcc states america us york david george jackson lincoln
  marion sur sale sales deal desk march may june july august chase essex ames bo ho nan enid`),
);

/**
 * Two-letter US state and place codes that are also English words or common abbreviations
 * ("in", "or", "me", "oh", "MA" the degree, "MD" the doctor): they count as places only when
 * written in capitals, after a place word, or leading a short query ("oh site reliability
 * engineers"); "in", "or", "me", "us" never lead.
 */
export const AMBIGUOUS_CODES = new Set(
  words('in or me oh hi ok id us co ma pa de al ms md mo la ar ne ga mt ca ct sd ri ks ky ia wi ak va wa nd nh vt'),
);
export const NEVER_LEADING_CODES = new Set(words('in me us as at an am'));

/** Seniority implied by a level word inside a title. */
export const LEVEL_SENIORITY: ReadonlyMap<string, Seniority> = new Map(
  Object.entries<Seniority>({
    intern: 'intern',
    internship: 'intern',
    trainee: 'intern',
    apprentice: 'intern',
    junior: 'entry',
    jr: 'entry',
    entry: 'entry',
    graduate: 'entry',
    associate: 'entry',
    senior: 'senior_ic',
    sr: 'senior_ic',
    staff: 'staff',
    principal: 'staff',
    distinguished: 'staff',
    fellow: 'staff',
    head: 'director',
    director: 'director',
    vp: 'vp',
    svp: 'vp',
    evp: 'vp',
    avp: 'vp',
    chief: 'cxo',
    ceo: 'cxo',
    cto: 'cxo',
    cfo: 'cxo',
    coo: 'cxo',
    cmo: 'cxo',
    cro: 'cxo',
    cpo: 'cxo',
    cio: 'cxo',
    ciso: 'cxo',
    cdo: 'cxo',
    chro: 'cxo',
    cco: 'cxo',
    cso: 'cxo',
    cxo: 'cxo',
    founder: 'founder',
    cofounder: 'founder',
  }),
);

/** Department words that make "<X> Manager" a people manager. */
export const MANAGED_DEPARTMENTS = new Set(
  words('engineering design sales marketing analytics finance accounting hr recruiting support operations development science ux it'),
);

/** Function cues: phrase → function. Longer phrases and phrases holding the head win. */
export const FUNCTION_CUES: [string, JobFunction][] = [
  ...words(`engineer engineering developer programmer swe sde sre sdet software backend frontend fullstack firmware embedded
    infrastructure platform cloud devops mlops devsecops dba architect qa reliability mobile ios android web3 blockchain
    security cto`).map((w) => [w, 'engineering'] as [string, JobFunction]),
  ['full stack', 'engineering'],
  ['site reliability', 'engineering'],
  ['tech lead', 'engineering'],
  ['technical lead', 'engineering'],
  ['machine learning engineer', 'engineering'],
  ['ml engineer', 'engineering'],
  ['data engineer', 'engineering'],
  ['data platform', 'engineering'],
  ...words('product pm apm gpm tpm cpo').map((w) => [w, 'product'] as [string, JobFunction]),
  ['product manager', 'product'],
  ['product owner', 'product'],
  ['product lead', 'product'],
  ['program manager', 'operations'],
  ['technical program manager', 'product'],
  ...words('designer design ux ui interaction visual creative').map((w) => [w, 'design'] as [string, JobFunction]),
  ['user researcher', 'design'],
  ['ux researcher', 'design'],
  ...words('data analytics analyst bi statistician quant quantitative').map((w) => [w, 'data_analytics'] as [string, JobFunction]),
  ['data scientist', 'data_analytics'],
  ['decision scientist', 'data_analytics'],
  ['business intelligence', 'data_analytics'],
  ['analytics engineer', 'data_analytics'],
  ...words('sales ae aes sdr bdr revops partnerships cro').map((w) => [w, 'sales'] as [string, JobFunction]),
  ['account executive', 'sales'],
  ['account manager', 'sales'],
  ['business development', 'sales'],
  ['sales engineer', 'sales'],
  ['solutions engineer', 'sales'],
  ['solutions architect', 'sales'],
  ['solutions consultant', 'sales'],
  ['pre sales', 'sales'],
  ['revenue operations', 'sales'],
  ['deal desk', 'sales'],
  ...words('marketing marketer seo sem pmm brand content communications pr copywriter devrel community cmo').map(
    (w) => [w, 'marketing'] as [string, JobFunction],
  ),
  ['product marketing', 'marketing'],
  ['growth marketer', 'marketing'],
  ['growth marketing', 'marketing'],
  ['social media', 'marketing'],
  ['developer advocate', 'marketing'],
  ['developer relations', 'marketing'],
  ['developer experience', 'marketing'],
  ['demand generation', 'marketing'],
  ['paid acquisition', 'marketing'],
  ...words('csm tam support onboarding implementation').map((w) => [w, 'customer_success'] as [string, JobFunction]),
  ['customer success', 'customer_success'],
  ['customer support', 'customer_success'],
  ['customer experience', 'customer_success'],
  ['technical account manager', 'customer_success'],
  ['support engineer', 'customer_success'],
  ['professional services', 'customer_success'],
  ...words('operations ops logistics procurement coo').map((w) => [w, 'operations'] as [string, JobFunction]),
  ['project manager', 'operations'],
  ['business operations', 'operations'],
  ['strategy', 'operations'],
  ['supply chain', 'operations'],
  ['chief of staff', 'operations'],
  ['executive assistant', 'operations'],
  ...words('finance financial accountant accounting controller comptroller treasurer treasury fp&a tax payroll auditor audit cfo').map(
    (w) => [w, 'finance'] as [string, JobFunction],
  ),
  ['accounts payable', 'finance'],
  ['accounts receivable', 'finance'],
  ['investment', 'finance'],
  ...words('hr hris hrbp recruiter recruiting talent people compensation benefits l&d sourcer chro').map(
    (w) => [w, 'people_hr'] as [string, JobFunction],
  ),
  ['human resources', 'people_hr'],
  ['talent acquisition', 'people_hr'],
  ['learning & development', 'people_hr'],
  ['learning and development', 'people_hr'],
  ['people operations', 'people_hr'],
  ...words('legal counsel attorney lawyer paralegal compliance contracts solicitor').map((w) => [w, 'legal'] as [string, JobFunction]),
  ['privacy counsel', 'legal'],
  ['general counsel', 'legal'],
  ...words('policy fraud integrity moderator ethics trust').map((w) => [w, 'trust_safety'] as [string, JobFunction]),
  ['trust & safety', 'trust_safety'],
  ['trust and safety', 'trust_safety'],
  ['content policy', 'trust_safety'],
  ['safety engineer', 'trust_safety'],
  ...words('researcher research scientist fellow alignment').map((w) => [w, 'research'] as [string, JobFunction]),
  ['research scientist', 'research'],
  ['research engineer', 'research'],
  ['applied scientist', 'research'],
  ['ai safety', 'research'],
  ...words('teacher professor instructor educator tutor lecturer').map((w) => [w, 'education'] as [string, JobFunction]),
  ...words('nurse physician doctor clinician pharmacist therapist surgeon').map((w) => [w, 'healthcare'] as [string, JobFunction]),
  ['consultant', 'consulting'],
  ...words('ceo founder cofounder president chief').map((w) => [w, 'executive'] as [string, JobFunction]),
  ['general manager', 'executive'],
];
