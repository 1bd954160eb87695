/**
 * Stop words: function words and query fluff that never become a title or a residual keyword.
 * Part of the people parser's lexicon (parse/lexicon/): general English and job-market words,
 * written as people type them and split the way the tokenizer splits text.
 */
import { words } from './words.js';

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
  identify identifying know knows
  get getting give giving list searching seeking seek please thanks thank hi hello hey
  of in en on at to from by for with without within into onto upon about above below over under between among through throughout
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
  that's who's what's it's there's they're we're you're i'm i've we've they've who've that've who're
  somewhere roughly approximately approx circa
  `).filter((w) => !w.endsWith('?')),
);

/** Not worth keeping as residual keywords either. */
export const KEYWORD_STOP_WORDS = new Set([...STOP_WORDS, 'people', 'team', 'teams', 'someone', 'anyone', 'role', 'roles', 'ex', 'former']);
