/**
 * Words about the searcher, not the searched-for: a query that starts with what its writer is
 * doing ("recruiting sanctions analysts in Le Havre", "targeting CFOs in Texas", "we're sourcing
 * payroll specialists") and "hiring manager", the person who hires. They are claimed as ignored
 * before titles are read, so they never become a title's first word ("Targeting CFO").
 */

import { CHAT_OPENING_PLACE_WORDS, CHAT_OPENINGS, FILIPINO_MARKERS, FOREIGN_ARTICLES, SEARCH_VERBS } from './lexicon/request-words.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { COLLECTIVE } from './lexicon/title-grammar.js';
import { ABBREVIATED_TITLES } from './lexicon/titles.js';
import { words } from './lexicon/words.js';
import { singular } from './title-heads.js';
import { claim, fold, type Token } from './tokens.js';

/**
 * Verbs of finding people that also start titles ("Targeting Analyst", "Prospecting Geologist",
 * "Messaging Engineer", "Vetting Officer", "Hunting Guide", "Calling Agent"): the writer's only
 * after a subject, or before a word no title follows them with: a determiner or number ("targeting
 * the", "targeting 50"), a level ("targeting senior ..."), an executive ("targeting CFOs",
 * "prospecting founders").
 */
const TITLE_VERBS = new Set(words('targeting prospecting messaging calling vetting interviewing placing hunting'));
const NOT_AFTER_TITLE_VERB =
  /^(the|a|an|any|all|some|\d+|senior|junior|sr|jr|head|heads|chief|chiefs|top|vps?|svps?|evps?|c-level|c-suite|executives?|decision|leaders?|founders?|owners?)$/;

/**
 * Phrases a query opens with to ask for people ("trying to reach", "kindly share", "pull up",
 * "intro to", "linkedin profiles of", "any leads on", "do we have any"), longest first.
 */
const OPENING_PHRASES: string[][] = [
  'trying to reach',
  'trying to find',
  'trying to get in touch with',
  'want to reach',
  'want to talk to',
  'want to connect with',
  'looking to connect with',
  'looking to reach',
  'looking to talk to',
  'get in touch with',
  'reach out to',
  'connect me with',
  'connect me to',
  'introduce me to',
  'introductions to',
  'intros to',
  'intro to',
  'talk to',
  'kindly share',
  'please share',
  'pull up',
  'dig up',
  // Verbs of finding with their particle ("look up", "round up", "track down", "seek out"): no
  // title opens with a verb and its particle.
  'look up',
  'look for',
  'round up',
  'rustle up',
  'scare up',
  'drum up',
  'line up',
  'track down',
  'hunt down',
  'hunt for',
  'seek out',
  'sniff out',
  'ferret out',
  'scout out',
  'scout for',
  'search out',
  'search linkedin for',
  'search google for',
  'search the web for',
  'linkedin profiles of',
  'profiles of',
  'a list of',
  'list of',
  'any leads on',
  'leads on',
  'do we have any',
  'do we know any',
  'do you have any',
  'please to find',
  'search for',
  'pull',
  'please',
  'pls',
  'kindly',
  'gimme',
  'give me',
  'get me',
  'find me',
  'show me',
  'like to meet',
  'love to meet',
  'want to meet',
  'looking to meet',
  'hoping to meet',
]
  .map((p) => p.split(' '))
  .sort((a, b) => b.length - a.length);

/**
 * Verbs that are also the first word of a team's titles ("Recruiting Coordinator", "Sourcing
 * Manager", "Staffing Partner", "Scouting Director", "Booking Agent", "Scout Leader"), and their
 * imperatives ("source wedding photographers", "scout tax lawyers").
 */
const TEAM_VERBS = new Set(words('recruiting sourcing staffing scouting booking recruit source scout'));
/** Verbs read so only after a subject ("i search ..."): alone they start titles ("Search Engineer"). */
const SUBJECT_VERBS = new Set(words('search find seek need want got'));

/** Words that continue such a team's title: "Recruiting Operations Manager", "Sourcing Program Lead". */
const TEAM_TITLE_WORDS = new Set(
  words(`operations ops program programs programme enablement systems technology tech strategy analytics marketing
  category team account business`),
);

/** Heads of one team's titles only: "Sourcing Engineer", "Sourcing Buyer", "Booking Clerk". */
const TEAM_OWN_HEADS: Record<string, Set<string>> = {
  sourcing: new Set(words('engineer engineers buyer buyers strategist strategists')),
  booking: new Set(words('clerk clerks')),
};

/** Heads that such a team's titles end in when nothing else comes between ("Recruiting Intern"). */
const TEAM_HEADS = new Set(
  words(`manager managers director directors specialist specialists consultant consultants advisor advisors associate associates
  coordinator coordinators administrator administrators admin admins officer officers executive executives lead leads leader
  leaders assistant assistants analyst analysts partner partners intern interns generalist generalists researcher researchers
  sourcer sourcers expert experts head heads agent agents`),
);

/** Words that may come before the verb: a subject, an auxiliary, an adverb ("we're actively recruiting"). */
const BEFORE_VERB = new Set(
  words(`i we i'm we're im were am are is currently actively now also still urgently busy help me us start starting keep
  been be i'd id we'd could can would will you anyone anybody someone somebody does do here so ok okay well any1 ne1
  estoy estamos ich je nous
  wir wij ons vi on se si nos noi mi my kami saya biz ben`).map(fold),
);

/**
 * Sounds of hesitation in dictated or chatty text ("so um i need uh ..."): no part of any title,
 * when written in small letters: in capitals they are acronyms of the trade ("head of ERM", "UH
 * alumni", "HMM researchers"). Not "er" nor "hm", which name things in small letters too ("er
 * nurses", "hm treasury").
 */
const FILLERS = new Set(words('um umm uh uhh uhm erm hmm'));

/**
 * Nouns that make a compound with a team verb's noun ("Source Control Engineer", "Source Code
 * Auditor", "Scout Troop Leader", "Scoutmaster"): after them the verb is the noun, a word of the title.
 */
const VERB_NOUN_COMPOUNDS: Record<string, Set<string>> = {
  source: new Set(words('code control water material materials data system systems file files')),
  scout: new Set(words('master masters troop troops camp camps group groups pack packs')),
  recruit: new Set(words('training trainer trainers class classes')),
};

/** Greetings a query may open with ("hey team, does anyone here know ...", "Hi all, ..."). */
const GREETINGS = new Set(words('hey hi hello hiya howdy yo dear'));
/** Whom a greeting addresses ("hey team", "hi all", "hello everyone", "dear team"), voice assistants too ("hey siri"). */
const ADDRESSED = new Set(words("team all folks guys everyone everybody there friends people y'all siri alexa cortana assistant"));
/** Words of urgency opening a query ("URGENT tower crane operators"); not "urgent care". */
const URGENCY = new Set(words('urgent urgently asap immediate immediately'));

/** Whether the words after a team verb at `i` make a team title ("recruiting coordinators", "sourcing operations leads"). */
function teamTitleAfter(tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  if (next?.kind !== 'word' || next.claim) return true;
  if (TEAM_TITLE_WORDS.has(next.norm)) return true;
  const after = tokens[i + 2];
  // A head alone after the verb ("recruiting interns currently in Perth", "Recruiting Manager
  // Positions In Phoenix"): a stop word, a collective noun or a place ends the title.
  const head = TEAM_HEADS.has(next.norm) || !!TEAM_OWN_HEADS[(tokens[i] as Token).norm]?.has(next.norm);
  return head && (after?.kind !== 'word' || !!after.claim || STOP_WORDS.has(after.norm) || COLLECTIVE.has(after.norm));
}

/** "Hiring manager" is the person hiring, not a title. */
export function claimHiringManagers(tokens: Token[]): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (tokens[i]?.norm === 'hiring' && /^managers?$/.test(tokens[i + 1]?.norm ?? '')) claim(tokens, i, i + 2, 'ignored');
  }
}

/**
 * Claims a greeting that opens a query, with whom it addresses and a comma ("hey team,", "Hi
 * all,", "hello,"), and a word of urgency after it ("URGENT tower crane operators"; not "urgent
 * care"). Run first, before places ("Hi" is Hawaii's code) and titles ("Team Lead, Berlin" and
 * "Hi-Fi Engineers" greet no one).
 */
export function claimGreeting(tokens: Token[]): void {
  let i = claimHeading(tokens);
  // "gm!", "morning, …": a time of day's greeting only before its punctuation ("GM for a hotel" is a title).
  if (DAY_GREETINGS.has(tokens[i]?.norm ?? '') && tokens[i + 1]?.kind === 'punct' && /^[,!]$/.test(tokens[i + 1]?.text ?? '')) {
    claim(tokens, i, i + 2, 'ignored');
    i += 2;
  }
  if (GREETINGS.has(tokens[i]?.norm ?? '') && !tokens[i + 1]?.join) {
    const g = i;
    i = g + 1;
    while (i <= g + 3 && ADDRESSED.has(tokens[i]?.norm ?? '')) i++;
    if (tokens[i]?.kind === 'punct' && /^[,!:\u2014-]$/.test(tokens[i]?.text ?? '')) i++;
    claim(tokens, g, i, 'ignored');
  }
  if (URGENCY.has(tokens[i]?.norm ?? '') && tokens[i + 1]?.norm !== 'care') claim(tokens, i, i + 1, 'ignored');
  claimWriter(tokens, i);
  claimPoliteParticles(tokens);
}

/**
 * Claims Filipino's polite "po" with the marker of the noun after it ("need po ng fake account
 * analysts", "hanap po mga welders"), in small letters, before places read "PO" as a code.
 */
function claimPoliteParticles(tokens: Token[]): void {
  for (let k = 1; k + 1 < tokens.length; k++) {
    const t = tokens[k] as Token;
    const marker = tokens[k + 1] as Token;
    if (t.norm === 'po' && t.text === 'po' && !t.claim && FILIPINO_MARKERS.has(marker.text) && !marker.claim)
      claim(tokens, k, k + 2, 'ignored');
  }
}

/** Greetings by the time of day ("gm!", "morning,"), before their punctuation only. */
const DAY_GREETINGS = new Set(words('gm morning evening afternoon gday'));

/** Nouns that end a heading naming the message, not whom it asks for ("recruiter ask:", "hiring request:"). */
const HEADING_NOUNS = new Set(words('ask asks request requests question query note memo brief req todo task ticket'));

/**
 * Claims a heading of up to four words ending in a word for the message and a colon, opening the
 * query ("recruiter ask: …", "urgent hiring request: …"): its words are the message's kind, not a
 * title. Returns where the request starts.
 */
function claimHeading(tokens: Token[]): number {
  for (let h = 1; h <= 4 && h < tokens.length; h++) {
    const t = tokens[h] as Token;
    if (t.kind === 'punct') {
      if (t.text !== ':' || !HEADING_NOUNS.has(tokens[h - 1]?.norm ?? '')) return 0;
      claim(tokens, 0, h + 1, 'ignored');
      return h + 1;
    }
  }
  return 0;
}

/** Verbs of a colleague asking for someone ("my manager wants a …", "our CTO needs …"). */
const ASKING_VERBS = new Set(words('wants needs asked asks requested requests'));
/** Verbs of the writer's own wish in a user story ("as a founder i want a …"). */
const WISHING_VERBS = new Set(words('want need'));

/** How far a writer's introduction may run before its punctuation ("solo founder here,"). */
const INTRODUCTION_WORDS = 5;

/**
 * Claims words about the writer that open a request at token `i`, up to their punctuation: who
 * they are ("solo founder here, need a head of product", "recruiter here —") and for whom they ask
 * ("on behalf of my manager, could you find ..."). A title there is the writer's or a colleague's.
 */
function claimWriter(tokens: Token[], i: number): void {
  // "my manager wants a head of …", "our CTO needs …": the colleague who asks, up to the verb.
  if (/^(my|our)$/.test(tokens[i]?.norm ?? '')) {
    for (let k = i + 1; k <= i + 3; k++) {
      if (tokens[k]?.kind !== 'word') break;
      if (ASKING_VERBS.has(tokens[k]?.norm ?? '') && k > i + 1) {
        claim(tokens, i, k + 1, 'ignored');
        return;
      }
    }
  }
  // "as a founder(,) i want a …": a user story's role is the writer's.
  if (tokens[i]?.norm === 'as' && /^(a|an)$/.test(tokens[i + 1]?.norm ?? '')) {
    for (let k = i + 3; k <= i + 6; k++) {
      const subject = tokens[k]?.norm;
      if (tokens[k]?.kind === 'punct' && tokens[k]?.text === ',') continue;
      if ((subject === 'i' || subject === 'we') && WISHING_VERBS.has(tokens[k + 1]?.norm ?? '')) {
        claim(tokens, i, k + 2, 'ignored');
        return;
      }
    }
  }
  const behalf = tokens[i]?.norm === 'on' && tokens[i + 1]?.norm === 'behalf' && tokens[i + 2]?.norm === 'of';
  for (let k = i + 1; k <= i + INTRODUCTION_WORDS + (behalf ? 3 : 0); k++) {
    const t = tokens[k];
    if (!t || (t.kind === 'punct' && !behalf)) return;
    const ends = tokens[k + 1]?.kind === 'punct' && /^[,:;.!\u2014-]$/.test(tokens[k + 1]?.text ?? '');
    if ((behalf && t.kind === 'punct' && t.text === ',') || (!behalf && t.norm === 'here' && ends)) {
      // "salon owner in burgos here,": where the writer is, is where they hire; the place stays.
      const at = behalf ? -1 : tokens.findIndex((u, q) => q > i && q < k && /^(in|from|near|based)$/.test(u.norm));
      if (at > i) {
        claim(tokens, i, at, 'ignored');
        claim(tokens, k, k + 2, 'ignored');
        return;
      }
      claim(tokens, i, behalf ? k + 1 : k + 2, 'ignored');
      return;
    }
  }
}

/**
 * Claims the verb of a query that starts with what its writer is doing, and hesitations anywhere.
 * Run once places are claimed, so "recruiting managers London" sees its head end the title. A
 * heading before a colon ("note to self: look up ...", "TICKET-12: source ...") starts the
 * request again after it.
 */
export function claimLeadingVerb(tokens: Token[]): void {
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind === 'word' && !t.claim && FILLERS.has(t.norm) && t.text === t.text.toLowerCase()) claim(tokens, k, k + 1, 'ignored');
  }
  claimVerbAt(tokens, 0);
  for (let k = 1; k < tokens.length; k++) if (tokens[k - 1]?.text === ':' && tokens[k - 1]?.kind === 'punct') claimVerbAt(tokens, k);
}

/** Claims the writer's verb of a request that starts at token `start`. */
function claimVerbAt(tokens: Token[], start: number): void {
  let i = start;
  // A subject before the verb ("we're sourcing", "i need"), not an opening phrase ("dig up").
  let subject = false;
  const skipIgnored = () => {
    while (tokens[i]?.claim === 'ignored') {
      subject ||= i > start;
      i++;
    }
  };
  skipIgnored();
  if (i > start) subject = true;
  for (;;) {
    while (i < tokens.length && tokens[i]?.kind === 'word' && !tokens[i]?.claim && BEFORE_VERB.has(tokens[i]?.norm ?? '')) {
      i++;
      subject = true;
      skipIgnored();
    }
    // "trying to reach", "linkedin profiles of", "intro to", "any leads on": what the writer asks
    // for, before whom; claimed so its "to" or "with" makes no colleague of the title after it.
    const phrase =
      OPENING_PHRASES.find((p) => p.every((w, q) => tokens[i + q]?.norm === w && !tokens[i + q]?.claim)) ?? chatOpening(tokens, i);
    if (!phrase) break;
    claim(tokens, i, i + phrase.length, 'ignored');
    i += phrase.length;
    subject = false;
    skipIgnored();
  }
  const verb = tokens[i];
  const next = tokens[i + 1];
  if (verb?.kind !== 'word' || verb.claim || next?.kind !== 'word' || next.claim) return;
  const titleVerb =
    TITLE_VERBS.has(verb.norm) && (subject || NOT_AFTER_TITLE_VERB.test(next.norm) || ABBREVIATED_TITLES.has(singular(next.norm)));
  // "add" of a commit or a to-do ("feat: add ..."), not an acronym in capitals ("ADD coaches").
  const searchVerb = SEARCH_VERBS.has(verb.norm) && !(verb.norm === 'add' && verb.upper);
  if (
    searchVerb ||
    titleVerb ||
    (SUBJECT_VERBS.has(verb.norm) && subject) ||
    (TEAM_VERBS.has(verb.norm) && (subject || (!teamTitleAfter(tokens, i) && !VERB_NOUN_COMPOUNDS[verb.norm]?.has(next.norm))))
  ) {
    // The subject before another language's verb ("vi söker", "ons soek", "on cherche"): the writer.
    for (let k = start; k < i; k++) if (!tokens[k]?.claim && searchVerb) claim(tokens, k, k + 1, 'ignored');
    claim(tokens, i, i + 1, 'ignored');
    // "necesito un VP of Firmware", "need po ng": the articles and particles of the verb's language.
    let k = i + 1;
    while (searchVerb && k < i + 3 && FOREIGN_ARTICLES.has(tokens[k]?.norm ?? '') && !tokens[k]?.claim) {
      if (tokens[k + 1]?.kind !== 'word') break;
      claim(tokens, k, k + 1, 'ignored');
      k++;
    }
  }
}

/** Chat's shorthand opening a request at token `i` ("ngl", "imo", "LF"), as a phrase of one word; not "Imo State". */
function chatOpening(tokens: Token[], i: number): string[] | undefined {
  const t = tokens[i];
  if (t?.kind !== 'word' || t.claim || !CHAT_OPENINGS.has(t.norm)) return undefined;
  if (CHAT_OPENING_PLACE_WORDS.has(tokens[i + 1]?.norm ?? '') || tokens[i + 1]?.kind !== 'word') return undefined;
  return [t.norm];
}
