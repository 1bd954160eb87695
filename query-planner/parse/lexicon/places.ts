/**
 * Place cues ("in", "based in", "outside") and the common words and short codes that need capitals or a cue to be a place.
 * Part of the people parser's lexicon (parse/lexicon/): general English and job-market words,
 * written as people type them and split the way the tokenizer splits text.
 */
import { words } from './words.js';

/** Words that introduce a place: "in", "near", "based in", "jobs Madrid". */
/**
 * Words a place follows; "en" is Spanish and French "in" ("busco ... en Estados Unidos"), "em"
 * Portuguese, "di" Indonesian, Malay and Italian ("cari dokter di Medan").
 */
export const PLACE_CUES = new Set(
  words(
    'in near around from across throughout within covering cover covers for based located living relocating jobs positions roles openings out inside outside at en em di',
  ),
);

/**
 * The place words a less certain place needs right before it (a division known from cities, a
 * misspelling, a country's code); "en" is Spanish and French "in", "em" Portuguese, "di"
 * Indonesian, Malay and Italian.
 */
export const PLACE_PREPOSITIONS = /^(in|en|em|di|near|around|from|based|located|across|throughout)$/;

/**
 * Other languages' "in", "at" and "to" before a place, in small letters after a title: the
 * Scandinavian "i", the South Slavic "u", Filipino's "sa", Vietnamese "tại" (with its marks: "tai" is
 * Finnish "or"), French
 * "au", "aux" and "dans", Portuguese and Slavic "na", Italian "nel" and "nella". Each is also an
 * English word, a pronoun or a code somewhere, so they place only what follows a word of the
 * request and are never read as the place themselves. Compared as written, in small letters.
 */
export const FOREIGN_PLACE_PREPOSITIONS = new Set(words('i u sa tại au aux dans na nel nella'));

/** Words after which a place is excluded rather than wanted. */
export const PLACE_EXCLUDE_CUES = new Set(words('outside excluding except exclude not'));

/**
 * Place names that are also common words or names ("Mobile", "Reading", "Enterprise",
 * "Lead", "South"): they count as places only after a place word ("in", "near", ...).
 */
export const PLACE_COMMON_WORDS = new Set(
  words(`mobile reading enterprise lead nice split bath bend butte canton concord cork dover elk eureka flint gay grand
  homestead hue independence kent lawrence logan male man mango mary mascara mercedes midland moron moss norman orange oral
  temple tours troy turbo van victoria ye normal batman como union surprise paradise hope liberty commerce industry
  opportunity golden sandy san springs south southeast sea peninsula gcc states america us york david george jackson lincoln
  marion sur sale sales deal desk march may june july august chase essex ames bo ho nan enid hull
  msp rsa drc rok cis prd mea iberia tidewater sg hk prc bih
  amazon java panhandle sonoma outback riviera holstein klondike savoy baja driftless`),
);

/**
 * Regions whose one-word name is as often an employer or a brand ("Amazon", "Outback", the
 * "Panhandle" of a pipeline company): a place only after a place word and "the" ("in the Amazon",
 * "across the Outback"); "in Amazon" is where someone works.
 */
export const PLACES_AFTER_THE = new Set(words('amazon outback panhandle riviera klondike'));

/** Languages and tools named like a region ("Java"): after a developer's "in" they are the skill ("developers in Java"). */
export const TOOL_NAMED_PLACES = new Set(words('java'));

/**
 * Two-letter US state and place codes that are also English words or common abbreviations
 * ("in", "or", "me", "oh", "MA" the degree, "MD" the doctor): they count as places only when
 * written in capitals, after a place word, or leading a short query ("oh site reliability
 * engineers"); "in", "or", "me", "us" never lead.
 */
export const AMBIGUOUS_CODES = new Set(
  words('in or me oh hi ok id us co ma pa de al ms md mo la ar ne ga mt ca ct sd ri ks ky ia wi ak va wa nd nh vt ph bc'),
);
export const NEVER_LEADING_CODES = new Set(words('in me us as at an am'));

/** Words whose "in" names a skill or a field, not a place: "experience in", "proficient in". */
export const SKILL_WORDS = new Set(
  words(
    'experience experienced exp expertise expert experts skilled skills proficient proficiency certified certification fluent fluency knowledge versed background specialising specializing specialised specialized specialist specialists trained degree degrees',
  ),
);

/** Words for a kind of first-level division after its name ("the Waikato region", "Tasman District"). */
export const DIVISION_KIND_WORDS = words(
  'region district province county state prefecture oblast governorate department municipality division area',
);
