/**
 * The title grammar's words: head nouns, heads that take a complement, abbreviated titles, suffixes, expansions and spellings (parse/titles.ts).
 * Part of the people parser's lexicon (parse/lexicon/): general English and job-market words,
 * written as people type them and split the way the tokenizer splits text.
 */
import { words } from './words.js';

/**
 * Head nouns of job titles (singular). A title is built around one: modifiers before it,
 * an "of X" complement after some (see COMPLEMENT_HEADS).
 */
export const HEAD_NOUNS = new Set(
  words(`
  engineer developer dev programmer coder architect manager director lead leader head designer researcher scientist analyst
  specialist consultant advisor adviser associate coordinator administrator admin officer executive representative rep
  recruiter sourcer partner counsel attorney lawyer solicitor barrister paralegal accountant bookkeeper controller comptroller
  treasurer auditor actuary economist strategist marketer copywriter writer editor producer owner president founder cofounder
  fellow intern apprentice trainee technician technologist operator planner buyer merchandiser agent broker underwriter
  nurse physician doctor surgeon pharmacist therapist dentist clinician teacher instructor professor lecturer tutor trainer
  coach educator librarian statistician mathematician physicist chemist biologist psychologist quant generalist assistant
  secretary receptionist clerk advocate evangelist ambassador liaison investigator inspector moderator reviewer tester
  translator interpreter photographer videographer illustrator animator artist estimator surveyor drafter machinist mechanic
  electrician driver pilot chef cook entrepreneur investor supervisor superintendent dispatcher scheduler member steward
  master closer principal vp svp evp avp rvp gvp chief dean hacker expert practitioner worker model? curator storyteller journalist
  reporter correspondent announcer host organizer organiser facilitator mediator negotiator auctioneer appraiser banker
  trader cashier teller concierge officer hygienist radiologist veterinarian vet paramedic optometrist dietitian nutritionist
  midwife caregiver counselor counsellor epidemiologist geologist geophysicist hydrologist meteorologist ecologist botanist
  zoologist astronomer archivist historian linguist sociologist anthropologist philosopher lobbyist diplomat
  carpenter plumber welder roofer glazier joiner bricklayer plasterer pipefitter boilermaker millwright ironworker scaffolder
  labourer laborer foreman forewoman installer assessor adjuster barista bartender caretaker custodian dietician
  firefighter janitor landscaper gardener groundskeeper housekeeper lifeguard locksmith optician orthodontist phlebotomist
  radiographer sonographer sommelier stylist hairdresser upholsterer waiter waitress stevedore longshoreman deckhand
  toxicologist pathologist anesthesiologist anaesthetist psychiatrist conservator registrar chaplain pastor rabbi imam
  typist transcriptionist stenographer notary bailiff magistrate detective constable sergeant lieutenant trooper
  stewardess nanny carer chauffeur trucker confectioner chocolatier brewer distiller winemaker rancher agronomist forester
  driller fabricator assembler metrologist draftsman draughtsman draftsperson draughtsperson cartographer expeditor
  guard farmer miner butcher painter cleaner courier ranger warden sailor soldier medic captain skipper navigator
  conductor examiner adjudicator arbitrator attendant aide handler picker stocker merchant jeweler jeweller
  florist usher croupier bouncer valet housemaid babysitter referee umpire athlete musician singer dancer comedian
  performer author novelist columnist blogger influencer podcaster creator fitter rigger tiler decorator cabinetmaker
  woodworker farrier groomer missionary volunteer fundraiser activist campaigner politician legislator senator mayor
  councillor councilor docent guide boss landman stonemason forwarder sheriff deputy marshal hospitalist
  intensivist doula postdoc purser operative seamstress shepherd bellhop priest monk deacon astronaut osteopath
  masseuse masseur orderly bodyguard emcee hostess steeplejack ombudsman scribe keeper
  `).filter((w) => !w.endsWith('?')),
);

/**
 * Heads that take an "of X" complement: "Head of Security", "Director of FP&A", "Chief of Staff";
 * and the old offices named by what they keep or order: "Clerk of Works", "Clerk of Court",
 * "Master of Ceremonies", "Keeper of Antiquities", "Secretary of State", "Registrar of
 * Companies", "Warden of the Fleet", "Curator of Prints", "Chairman of the Board".
 */
export const COMPLEMENT_HEADS = new Set(
  words(`head director vp svp evp avp rvp gvp president chief manager member officer dean lead leader professor
  clerk master keeper secretary registrar warden curator chairman chairwoman chairperson`),
);

/** Heads that read as a domain after them without "of": "VP Sales", "SVP Engineering". */
export const BARE_COMPLEMENT_HEADS = new Set(words('vp svp evp avp rvp gvp'));

/** Heads that are also common verbs or nouns: alone, in running prose, they are no title. */
export const VERB_LIKE_HEADS = new Set(
  words(
    'lead head partner advocate counsel coach mentor architect model master principal member host trainer driver writer owner volunteer guide author',
  ),
);

/** Generic heads: alone ("Engineer"), they are too vague to be a title by themselves. */
export const GENERIC_HEADS = new Set(
  words(`engineer developer dev programmer manager director designer researcher scientist analyst specialist consultant advisor
  associate coordinator administrator admin officer executive representative rep architect lead leader writer producer
  technician technologist operator planner agent assistant expert practitioner worker master dba sysadmin`),
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
    sysadmin: 'Sysadmin',
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
    dpo: 'DPO',
    adr: 'ADR',
    mle: 'MLE',
    fae: 'FAE',
    bdm: 'BDM',
    rse: 'RSE',
    caio: 'CAIO',
    // Licences and certifications people are called by.
    cpa: 'CPA',
    cfp: 'CFP',
    np: 'NP',
    lpn: 'LPN',
    cna: 'CNA',
    crna: 'CRNA',
    emt: 'EMT',
    lcsw: 'LCSW',
    bcba: 'BCBA',
    slp: 'SLP',
    rrt: 'RRT',
  }),
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

/**
 * Abbreviations whose reading depends on their place: the last word of a title is its head
 * ("Pharmacy Tech" a technician, "Web Dev" a developer), an earlier one a modifier ("Tech Lead"
 * a technical lead, "Dev Manager" a development manager). The first reading is the usual one.
 * Shared by the title filter's spellings (title-variants.ts) and the contact matcher.
 */
export const PLACED_ABBREVIATIONS: ReadonlyMap<string, { head: string[]; modifier: string[] }> = new Map([
  ['tech', { head: ['technician'], modifier: ['technical', 'technology'] }],
  ['dev', { head: ['developer'], modifier: ['development'] }],
  ['devs', { head: ['developer'], modifier: ['development'] }],
  ['admin', { head: ['administrator'], modifier: ['administrative', 'administration'] }],
]);

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
    exec: 'Executive',
    execs: 'Executive',
    coord: 'Coordinator',
    supt: 'Superintendent',
    supvr: 'Supervisor',
    supv: 'Supervisor',
    supvs: 'Supervisor',
    mgmt: 'Management',
    mgt: 'Management',
    acct: 'Account',
    mech: 'Mechanical',
    elec: 'Electrical',
  }),
);

/**
 * Words that describe people but are never part of their title ("women founders", "diverse
 * candidates", "expat teachers"). Not "local", "refugee" or "immigrant": they name fields of
 * titles too ("Local Government Officer", "Refugee Case Manager", "Immigrant Services Coordinator").
 */
export const TITLE_BREAKERS = new Set(
  words(`women woman female male men diverse underrepresented minority bilingual multilingual ex former aspiring potential prospective
  expat expats diaspora`),
);

/** Acronyms written in capitals inside titles. */
export const ACRONYMS = new Set(
  words(`ai ml nlp llm ux ui qa qe hr hris it bi pr seo sem aso ppc crm erp etl api sdk aws gcp sql css html php ar vr xr rf pcb
  fpga asic hvac icu nicu picu ccu pacu ehs esg dei l&d fp&a r&d m&a p&l ip ic cpa cfa kyc aml grc soc ot cx gtm smb b2b b2c d2c dtc saas? tv ooh abm
  plg cs fx sales? swe sde sre sdet ae sdr bdr csm tam pm pmm apm tpm gpm em gm ea dba hrbp ceo cto cfo coo cmo cro cpo cio ciso
  cdo chro cco cso cxo vp svp evp avp rvp gvp rn np lpn emt ehr emr ats seo/sem ui/ux ux/ui ai/ml ar/vr iam sso noc sox gdpr hipaa
  ppm pmo cad cae cfd gis mep bim sap abap mlops? cv ocr rpa iot? edi`).filter((w) => !w.endsWith('?')),
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
