/**
 * Words a request opens with, in English and other languages, for parse/leading-verbs.ts: verbs
 * of finding and hiring, the articles and particles after them, chat's shorthand.
 * Part of the people parser's lexicon (parse/lexicon/).
 */
import { fold } from '../tokens.js';
import { words } from './words.js';

/**
 * Verbs of finding or approaching people that no title starts with, and other languages' verbs
 * of seeking, needing and hiring as requests open with them, in their first persons and their
 * impersonal forms ("buscamos", "se busca", "on recrute", "vi søker", "ons soek", "hledáme",
 * "căutăm", "tražimo", "haemme", "aranıyor", "tuyển", "dicari"): written with their marks and
 * compared folded, as tokens are.
 */
export const SEARCH_VERBS = new Set(
  words(`headhunting poaching shortlisting contacting approaching emailing pinging courting finding locating chasing wooing
  busco buscamos buscando busca buscan necesita necesitan necesito necesitamos contratamos contrata solicitamos solicita
  cherche cherchons recherche recherchons recrute recrutons recrutent embauche embauchons
  suche suchen sucht gesucht brauche brauchen cerco cerchiamo cercasi assumiamo
  procuro procuramos procura preciso precisamos zoek zoeken zoekt gezocht soek benodig
  søger søges søker søkes trenger söker sökes behöver rekryterar rekrutterer
  haemme etsimme etsitään tarvitaan tarvitsemme rekrytoimme
  szukam szukamy poszukuje poszukujemy zatrudnimy hledáme hledám přijmeme hľadáme príjmeme
  tražimo tražim trazimo iščemo zapošljavamo keresünk keresek felveszünk căutăm caut angajăm
  ieškome meklējam otsime leitum kërkojmë
  arıyoruz arıyorum aranıyor arıyor alınacak
  tuyển cari mencari carikan dicari butuh membutuhkan dibutuhkan perlukan naghahanap hanap kailangan tunatafuta
  headhunt poach shortlist locate add`).map(fold),
);

/**
 * Articles and particles of other languages after their search verbs ("necesito un VP", "busco una
 * enfermera", "suche einen", "söker en", "precisamos de", Filipino's "need po ng"): the request's,
 * never a title's first word.
 */
export const FOREIGN_ARTICLES = new Set(words('un una unos unas um uma uns umas une des einen eine einige en ett ein een de ng mga'));

/** Filipino's markers of the noun after the polite "po" ("need po ng ...", "hanap po mga ..."). */
export const FILIPINO_MARKERS = new Set(words('ng mga'));

/** Chat's shorthand opening a request ("ngl", "imo", "tbh", "LF" for looking for): never a title's first word. */
export const CHAT_OPENINGS = new Set(words('ngl imo imho tbh fwiw iirc afaik btw lol lf lfm lft'));
/** Words after which such shorthand is a place's name ("Imo State"). */
export const CHAT_OPENING_PLACE_WORDS = new Set(words('state'));
