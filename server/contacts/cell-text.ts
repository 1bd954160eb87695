/**
 * A cell's text as a person reads it, before its row is laid out (cell-layout.ts, docs/contacts.md
 * "Rows"): markup an export left around it, a JSON value where a tool wrote one, and the label a
 * business-card scanner or a form put before it ("Name: Ana Ruiz", "Company: Kulas Labs"). Name
 * cells lose what a mail merge, a list or a CRM put before the name: a greeting ("Dear Ana Ruiz,",
 * "ATTN:"), a number ("17. Ana Ruiz", "No. 284"), a marker ("zz_", "DUP -").
 */
import { decodeHTMLStrict } from 'entities';
import { findCountryCode } from '../../geo/gazetteer.js';
import { withCardPayload } from './card-payload.js';
import { plainLetters } from './decorated-letters.js';
import { withDirectoryAttributes } from './directory-columns.js';
import { directoryName } from './directory-name.js';
import { decodedText } from './encoded-text.js';
import type { ContactRow } from './evidence.js';
import { withFixedWidthRecord } from './fixed-width.js';
import { headerField } from './header-names.js';
import { words } from './normalize.js';
import { repaired } from './repair.js';
import { romanisedSyllables } from './romanised-syllables.js';
import { CONTACT_ROW_FIELDS } from './row-schema.js';
import { timeZoneOf } from './time-zones.js';

/** Tags of markup ("<b>Ana</b>", "<br/>", "<a href=…>"), by their angle brackets round a tag name. */
const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;
const TAGS = new RegExp(TAG.source, 'gi');

/** Keys that hold a person's given and family names in a JSON value, then keys that hold a cell's text. */
const GIVEN_KEYS = ['firstname', 'first', 'givenname', 'given', 'forename'];
const FAMILY_KEYS = ['lastname', 'last', 'familyname', 'family', 'surname'];
const TEXT_KEYS = ['name', 'fullname', 'displayname', 'value', 'label', 'text', 'title', 'formatted', 'address', 'email', 'number'];

const keyOf = (k: string) => k.toLowerCase().replace(/[^a-z]/g, '');

/** The text a JSON value holds: a name's parts joined, else its text field, else its strings. */
function jsonText(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (depth > 3 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    const parts = value
      .slice(0, 20)
      .map((v) => jsonText(v, depth + 1))
      .filter((v): v is string => !!v);
    return parts.length ? parts.join(', ') : null;
  }
  const byKey = new Map(Object.entries(value as Record<string, unknown>).map(([k, v]) => [keyOf(k), v]));
  const pick = (keys: string[]) => keys.map((k) => byKey.get(k)).find((v) => typeof v === 'string' && v.trim()) as string | undefined;
  const given = pick(GIVEN_KEYS);
  const family = pick(FAMILY_KEYS);
  if (given || family) return [given, family].filter(Boolean).join(' ');
  for (const k of TEXT_KEYS) {
    const t = jsonText(byKey.get(k), depth + 1);
    if (t) return t;
  }
  return null;
}

/**
 * A cell written as a JSON object or array ("{"firstName":"Ana","lastName":"Ruiz"}"): its text, or
 * null. A name cell's list is its first entry: joined, two people's names would read as a third.
 */
function fromJson(cell: string, firstOnly: boolean): string | null {
  const t = cell.trim();
  if (!/^[[{][\s\S]*[\]}]$/.test(t)) return null;
  try {
    const value = JSON.parse(t) as unknown;
    return jsonText(firstOnly && Array.isArray(value) ? value[0] : value);
  } catch {
    return null;
  }
}

/** Labels a card or a form writes before a value that are no column names: "Org:", "E:", "M:", "Tel.:". */
const CARD_LABELS = /^(org|co|e|t|m|p|w|mob|ph|cel|fax|web|www|attn|attention|fao)$/;

/**
 * "Name: Ana Ruiz", "Company - Kulas Labs", "E: ana@x.org": the value without its field's label
 * before a colon or a dash. In a cell of a known field only that field's labels go ("Land - Rover
 * Dealers" is an employer's name, "Land" a country's column).
 */
function withoutLabel(cell: string, field: string | undefined): string {
  const m = /^\s*([\p{L}][\p{L} .'-]{0,30}?)(\s*[:：]|\s+[-–—]+)\s*(\S[\s\S]*)$/u.exec(cell);
  if (!m) return cell;
  const label = (m[1] as string).toLowerCase().replace(/\./g, '').trim();
  // "mailto:" and "tel:" are links, read where links are (cell-layout.ts).
  if (/^(mailto|tel|sms|http|https|whatsapp|viber|callto|facetime|skype)$/.test(label)) return cell;
  const labelled = headerField(label);
  const fits =
    field === undefined ? labelled !== undefined : labelled === field || (NAME_PARTS.has(field) && NAME_PARTS.has(labelled ?? ''));
  // A card's short labels ("E:", "Org:") only before a colon: "T - Mobile" is no label.
  const card = CARD_LABELS.test(label) && /[:：]/.test(m[2] as string);
  return fits || card ? (m[3] as string) : cell;
}

const NAME_PARTS = new Set(['name', 'first_name', 'last_name']);
/** Fields of words, whose encoded text is decoded (not addresses, numbers and links: "%2B44" in a link is its "+"). */
const TEXT_FIELDS = new Set([...NAME_PARTS, 'organization_names', 'job_titles', 'location']);

/**
 * A spreadsheet's link formula exported as text: `=HYPERLINK("url","text")`, with ";" between its
 * arguments as European Excel writes them, `""` for a quote inside a string, and the function's
 * name in the languages Excel translates it to (LIEN_HYPERTEXTE, HIPERVINCULO, HIPERLINK,
 * COLLEG.IPERTESTUALE). The comma between its arguments is no "Last, First".
 */
const HYPERLINK =
  /^\s*=?\s*@?(?:hyperlink|lien_hypertexte|hipervinculo|hiperv[ií]nculo|hiperlink|colleg\.ipertestuale)\s*\(\s*"((?:[^"]|"")*)"\s*(?:[,;]\s*"((?:[^"]|"")*)"\s*)?\)\s*$/iu;
/** A profile URL ("…/in/<username>"). */
const PROFILE_LINK = /\/in\/[^/?#\s]+/i;

/**
 * A link formula's text: its display text and, in a name cell, its link when that is a profile URL
 * (read as one where the row is laid out, cell-layout.ts); the link alone when it shows none.
 */
function hyperlinkText(cell: string, field: string | undefined): string | null {
  const m = HYPERLINK.exec(cell);
  if (!m) return null;
  const url = (m[1] as string).replace(/""/g, '"').trim();
  const shown = (m[2] ?? '').replace(/""/g, '"').trim();
  if (!shown) return url;
  return NAME_PARTS.has(field ?? '') && PROFILE_LINK.test(url) ? `${shown} ${url}` : shown;
}

/**
 * Job-ad gender markers after (or before) a title: "(m/w/d)", "(w/m/d)", "(m/f/d)", "(f/m/x)",
 * "(H/F)", "(M/F)", "(m/w/div)", "(mwd)", "(gn)", "(all genders)", "(alle Geschlechter)", with
 * brackets or after a dash: no part of the title. Tried only where a run of spaces starts (the
 * lookbehind), each space of it read by one quantifier: linear in the cell.
 */
const GENDER_LETTERS = '(?:m|w|f|d|x|h|i|a|div|divers|diverse|nb)';
const GENDER_MARKER = new RegExp(
  `(?<!\\s)\\s*(?:[([]\\s*(?:${GENDER_LETTERS}(?:\\s*[/|,*]\\s*${GENDER_LETTERS}){1,3}|mwd|wmd|mfd|fmd|gn\\*?|all genders|alle geschlechter|tous genres|todos los g[eé]neros)\\s*[)\\]]|(?:[-–—,]\\s*)?\\b${GENDER_LETTERS}(?:\\s*/\\s*${GENDER_LETTERS}){1,3}\\s*$)`,
  'giu',
);
/** A title without a job ad's gender marker ("Senior Engineer (m/w/d)" is Senior Engineer). */
const withoutGenderMarker = (title: string): string => title.replace(GENDER_MARKER, ' ').replace(/\s+/g, ' ').trim() || title;

/** A hierarchy written from the country down: "Germany > Bavaria > Munich"; with "/" or " - " only after a country ("Germany / Munich"). */
function townFirst(location: string): string {
  if (/>/.test(location)) {
    const parts = location.split(/\s*>+\s*/).filter((p) => p.trim());
    return parts.length > 1 ? parts.reverse().join(', ') : location;
  }
  // "America/Chicago" is a time zone (time-zones.ts), read as one.
  if (timeZoneOf(location)) return location;
  const parts = location.split(/\s*\/\s*|\s+[-–—]\s+/).filter((p) => p.trim());
  if (parts.length < 2 || /,/.test(location) || !findCountryCode(parts[0] as string)) return location;
  // "Singapore / Singapore" is a city-state; "Germany / Austria" is two countries, left as written.
  const last = parts.at(-1) as string;
  if (findCountryCode(last) && last.toLowerCase() !== (parts[0] as string).toLowerCase()) return location;
  return parts.reverse().join(', ');
}

/** Any cell's text: markup out and entities decoded, a JSON value's text, no label of its field before it. */
export function cellText(cell: string, field?: string): string {
  let out = hyperlinkText(cell, field) ?? cell;
  if (out.includes('<') && TAG.test(out)) out = decodeHTMLStrict(out.replace(TAGS, ' ')).replace(/\s+/g, ' ').trim();
  out = fromJson(out, NAME_PARTS.has(field ?? '')) ?? out;
  out = withoutLabel(out, field);
  if (field === 'job_titles') return withoutGenderMarker(out);
  if (field === 'location') return townFirst(out);
  return out;
}

/**
 * What a mail merge writes before a name: "Dear", "Hi", "Hello", "Attn", "To:", "c/o", "FAO",
 * German "z. Hd." (zu Händen), French "À l'attention de", Spanish "A la atención de"; a directory's
 * external tag ("EXT -", "External:", "Guest |").
 */
const GREETING =
  /^\s*(?:(?:dear|hi|hello)\b[\s,:]*|(?:attn|attention|fao|for the attention of|to the attention of|c\/o|to)\s*[:.]\s*|(?:attn|c\/o|fao|for the attention of|to the attention of)\s+|z\.\s*hd\.?\s*|z\.\s*h\.\s*|zhd\.?\s+|(?:[àa] l['’]attention d['’]|[àa] l['’]attention de\s+|a la atenci[óo]n de\s+|aos cuidados de\s+|all['’]attenzione di\s+)|(?:ext|external|extern|guest)\s*[-–—:|]\s*)/iu;
/**
 * "Mark Smith c/o Jane Doe", "Mark Smith, c/o Jane Doe": the person is the one named before "c/o"
 * (care of); the other is who receives the mail for them, no part of the name.
 */
const CARE_OF_AFTER = /[\s,;]+(?:c\/o|care of)\s+[\s\S]*$/iu;
/** A list's number before a name: "17. Ana", "222) Ana", "#23 Ana", "No. 284 Ana", "136⇥Ana". */
const LIST_NUMBER = /^\s*(?:(?:no|nr|n°|#)\.?\s*)?\d{1,6}\s*(?:[.):\]-]\s*|\t|\s+)(?=\p{L})/iu;
/** A CRM's marker before a record it set aside: "zz_", "ZZZ ", "xx_", "DUP -", "DUPLICATE:", "DO NOT USE -"; a duplicated record's "Copy of ". */
const CRM_MARKER =
  /^\s*(?:z{2,}[\s_.-]*|x{2,}[_.-]+\s*|copy(?:\s*\(\d{1,3}\))?\s+of\s+(?=\p{L})|(?:dup|dupe|duplicate|do not use|dnu|inactive|deleted|obsolete|archived?)\s*[-–:_|]+\s*|\[(?:dup|dupe|duplicate|old|inactive|deleted)\]\s*)/iu;

/**
 * An honorific after a name, as Japanese, Korean and Chinese write it: "さん", "様", "さま", "殿",
 * "氏", "先生", "君", "くん", "ちゃん", "님", "씨", "女士", "小姐" glued to the name or after a space, and
 * romanised after a hyphen ("-san", "-sama", "-sensei", "-dono"; "-san" not after one romanised
 * syllable: "Dong-san" is a Korean given name).
 */
// And South Asian ones after a hyphen ("Farrell-ji", "-jee", "-sahab", "-garu"), "-ji" as "-san" not after one romanised syllable.
const HONORIFIC_AFTER =
  /(?:\s*(?:さん|さま|様|殿|どの|氏|先生|君|くん|ちゃん|선생님|님|씨|女士|小姐)|[-‐](sama|sensei|dono|san|ji|jee|sahab|saheb|sahib|garu))\s*$/iu;

/** A name without an honorific after it, only when two name words are left ("Doe-san" alone names a family only). */
function withoutHonorific(name: string): string {
  const m = HONORIFIC_AFTER.exec(name);
  if (!m) return name;
  const bare = name.slice(0, m.index).trim();
  const written = bare.split(/[\s,]+/).filter((w) => /\p{L}/u.test(w));
  if (written.length < 2) return name;
  if (/^(san|ji|jee)$/i.test(m[1] ?? '') && romanisedSyllables(words(written.at(-1))[0] ?? '') === 1) return name;
  return bare;
}

/**
 * Devices that name themselves after their owner, as a video call's participant list or a synced
 * address book shows them: phones, tablets and computers by their makers' names.
 */
const DEVICE =
  '(?:iphone|ipad|ipod|macbook|imac|mac|galaxy|pixel|android|samsung|huawei|xiaomi|redmi|oneplus|surface|thinkpad|chromebook|laptop|phone|tablet|pc|computer|desktop)';
/** A device's model after its maker's name ("Pro", "S23 Ultra", "14 Pro Max", "(2)"): up to three short words. */
const MODEL = '(?:\\s+[\\p{L}\\d+()]{1,10}){0,3}';
/** "Jane Doe's iPhone", "Jane Doe’s MacBook Pro": the owner's name before a possessive, the device after it. */
const DEVICE_AFTER = new RegExp(`['’‘ʼ\`]s\\s+${DEVICE}${MODEL}\\s*$`, 'iu');
/**
 * "iPhone de Jane Doe", "iPad von …", "iPad di …", "Galaxy S21 de …": the device, then "of" in French,
 * Spanish, Portuguese, German, Italian or Dutch. Not "Mac", a given name too ("Mac de Souza").
 */
const DEVICE_BEFORE = new RegExp(`^\\s*${DEVICE.replace('|mac|', '|')}${MODEL}?\\s+(?:de|von|di|da|do|van|du|del)\\s+(?=\\p{L})`, 'iu');

/** A name cell without the device named after its owner ("Jane Doe's iPhone" → "Jane Doe"), when a name is left. */
function withoutDevice(name: string): string {
  const bare = name.replace(DEVICE_AFTER, '').replace(DEVICE_BEFORE, '');
  return bare !== name && /\p{L}/u.test(bare) ? bare.trim() : name;
}

/**
 * A name cell's text without what was put before the name: greetings, list numbers, CRM markers
 * (each once, in any order), and a trailing comma a greeting leaves ("Dear Ana Ruiz,"); without an
 * honorific after it ("Sato Kenji さん", "Jane Doe-sama") or a device named after its owner ("Jane Doe's iPhone").
 */
export function nameCellText(cell: string, field = 'name'): string {
  // The katakana middle dot between a given and a family name ("Jane・Doe") is a space.
  let out = withoutDevice(withoutHonorific(cellText(cell, field))).replace(/(?<=\p{L})[\u30FB\uFF65](?=\p{L})/gu, ' ');
  const careOf = out.replace(CARE_OF_AFTER, '');
  if (careOf !== out && /\p{L}/u.test(careOf.replace(GREETING, ''))) out = careOf;
  const greeted = GREETING.test(out);
  for (let i = 0; i < 3; i++) {
    const next = out.replace(GREETING, '').replace(LIST_NUMBER, '').replace(CRM_MARKER, '');
    if (next === out || !/\p{L}/u.test(next)) break;
    out = next;
  }
  return greeted ? out.replace(/[\s,;:!]+$/, '') : out;
}

/** An employer named as a former one: "ex-Acme", "ex Acme", "Former: Kulas Labs", "formerly Acme" → the employer ("Ex Libris" stays). */
const FORMER = /^\s*(?:ex[-–]|former(?:ly)?\b[\s:-]*|previously\b[\s:-]*|prev\.\s*)(?=\S)/iu;
/** "ex Murphy Logistics" in small letters (a firm's own "Ex Libris" is capitalised). */
const FORMER_SMALL = /^\s*ex\s+(?=\S)/u;
/** A mark after the employer that says it is past: "(past)", "[left]", "(former)", "(alumni)". */
const FORMER_AFTER = /\s*[([]\s*(?:past|former|previous|prev|left|alumni|alumnus|alumna|ex)\s*[)\]]\s*$/iu;
/** After "former …", the person the employer had: "former Acme employee". */
const FORMER_PERSON_AFTER = /\s+(?:employee|alumni|alum|staffer)\s*$/iu;
/** The employer a cell names as a former one, without what marks it so. */
const formerEmployer = (t: string): string => {
  const bare = t.replace(FORMER, '').replace(FORMER_SMALL, '');
  const employer = bare === t ? t : bare.replace(FORMER_PERSON_AFTER, '') || t;
  return employer.replace(FORMER_AFTER, '') || employer;
};

/**
 * What a CRM writes after an account's name to sort it: "(Customer)", "[Prospect]", "- Partner",
 * "| Client", "(Key Account)", "*Target Account*", "(Customer - Enterprise)", "#vip", a duplicate's
 * number "(2)". Only those words: "Cormier - Block" and "Acme (Europe)" keep their parts.
 */
const CRM_TAG_WORDS =
  '(?:(?:key|target|strategic|named|enterprise|active|inactive|new|former|existing|current|potential|top|priority)\\s+)?(?:customer|client|prospect|partner|reseller|vendor|supplier|lead|account|competitor|churned|vip|enterprise|smb|mid-?market|tier\\s*\\d|[abc]-?account|hot|warm|cold|icp|do not contact)s?';
const CRM_TAG = new RegExp(
  `\\s*(?:[([]\\s*(?:${CRM_TAG_WORDS}(?:\\s*[-–:/,]\\s*${CRM_TAG_WORDS})*|\\d{1,2})\\s*[)\\]]|\\*+\\s*${CRM_TAG_WORDS}\\s*\\*+|\\s[-–—|]\\s*${CRM_TAG_WORDS}|#[\\p{L}\\d_-]+)\\s*$`,
  'iu',
);
/**
 * A CRM's or an ERP's record id beside an account's name: "[ACC-83909]", "(0015g0000083HwP9oi)"
 * (Salesforce's), "- 374934", "(ID: 63411)" after it, "768806 - " before it. An id has four digits
 * or more, or letters then three digits or more; "Studio 54" and "(2)" are no ids.
 */
const RECORD_ID = '#?(?:\\d{4,}|[A-Za-z]{1,5}[-_]?\\d{3,}|0[0-9A-Za-z]{14}(?:[0-9A-Za-z]{3})?)';
const RECORD_ID_AFTER = new RegExp(
  `\\s*(?:[([]\\s*(?:(?:id|acct|account|acc|no|nr|ref|record|crm\\s*id|customer\\s*id)\\s*[:#.]?\\s*)?${RECORD_ID}\\s*[)\\]]|\\s[-–—|:]\\s*${RECORD_ID})\\s*$`,
  'i',
);
const RECORD_ID_BEFORE = new RegExp(`^\\s*${RECORD_ID}\\s*[-–—|:]\\s+(?=\\p{L})`, 'iu');
/**
 * A link after an employer, as Notion exports a relation ("Acme (https://www.notion.so/Acme-1f28…)",
 * "Acme (../Companies/Acme%20ab27….md)"): a web address or a path in brackets, no spaces in it.
 */
const LINK_AFTER = /\(([^()\s]{1,800})\)\s*$/;
/** The text without a link in brackets at its end ({@link LINK_AFTER}): a path has a slash or an encoded space. */
const withoutLinkAfter = (text: string): string => {
  const m = LINK_AFTER.exec(text);
  return m && /\/|%20/i.test(m[1]!) ? text.slice(0, m.index).trimEnd() : text;
};
/**
 * A business card's other lines under its company line: a website, an email, a phone ("Tel: +1 555
 * …", "+44 20 …"), a tagline (most of its words in small letters: "Your partner in growth").
 */
export const CARD_LINE =
  /^\s*(?:(?:https?:\/\/|www\.)\S+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/\S*)?|[^\s@]+@\S+|(?:tel|phone|ph|mobile|mob|fax|cell|t|m|p|f|e|email|e-mail|web|w)\s*[.:]\s*\S.*|[+(]?\d[\d\s()./-]{6,40})\s*$/i;
/** A phone after the company on its line, set apart by a label ("Acme   Tel: +1 555 808 8768"). */
const PHONE_AFTER = /(?<!\s)\s+(?:tel|phone|ph|mobile|mob|fax|cell|t|m)\s*[.:]\s*[+(]?\d[\d\s()./-]{5,30}$/i;
/** Whether a card's line is a tagline: three words or more, most in small letters ("Your partner in growth"). */
const tagline = (line: string): boolean => {
  const ws = line.trim().split(/\s+/);
  return ws.length >= 3 && ws.filter((w) => /^\p{Ll}/u.test(w)).length * 2 > ws.length;
};
/** An employer cell without a link after it and a card's other lines under it, when an employer is left. */
function withoutCardLines(employer: string): string {
  const lines = employer.split(/(?<=\n)/);
  const kept = [lines[0]!, ...lines.slice(1).filter((l) => l.trim() && !CARD_LINE.test(l) && !tagline(l))];
  const read = kept.map((l) => withoutLinkAfter(l.replace(PHONE_AFTER, '')));
  // Untouched, the cell stays as written, its line breaks too (employer-cell.ts reads them).
  if (read.length === lines.length && read.every((l, i) => l === lines[i])) return employer;
  const out = read.join('').trim();
  return /\p{L}/u.test(out) ? out : employer;
}

/** An employer without the tags and record ids a CRM put beside it, each once. */
function withoutCrmTags(employer: string): string {
  let out = employer;
  for (let i = 0; i < 3; i++) {
    const next = out.replace(CRM_TAG, '').replace(RECORD_ID_AFTER, '').replace(RECORD_ID_BEFORE, '').trim();
    if (next === out || !/\p{L}/u.test(next)) break;
    out = next;
  }
  return out;
}

/** Whether the row names an employer in any column ("organization_names", "Company", "Firma"). */
function namesEmployer(row: ContactRow): boolean {
  return Object.entries(row).some(([key, value]) => {
    const field = (CONTACT_ROW_FIELDS as readonly string[]).includes(key) ? key : headerField(key);
    if (field !== 'organization_names') return false;
    return (Array.isArray(value) ? value : [value]).some((v) => typeof v === 'string' && v.trim() !== '');
  });
}

/**
 * A directory name in the name cell (directory-name.ts): its common name is the name, its
 * organisation the employer when the row names none.
 */
function withDirectoryName(row: ContactRow): ContactRow {
  const dn = typeof row.name === 'string' ? directoryName(row.name) : null;
  if (!dn) return row;
  const out: ContactRow = { ...row, name: dn.name };
  if (dn.organization && !namesEmployer(row)) out.organization_names = [dn.organization];
  return out;
}

/** The row with every cell read as a person reads it (markup, JSON, labels; greetings and numbers before a name). */
export function readCells(input: ContactRow): ContactRow {
  const row = withDirectoryName(withCardPayload(withFixedWidthRecord(withDirectoryAttributes(input))));
  const out: ContactRow & Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(row)) {
    if (key === 'row_id' || key === 'notes') continue;
    // A profile URL cell is read where links are (cell-layout.ts); only a link formula's link here.
    if (key === 'professional_url') {
      if (typeof value === 'string') out[key] = hyperlinkText(value, undefined) === null ? value : (HYPERLINK.exec(value)?.[1] ?? value);
      continue;
    }
    const field = (CONTACT_ROW_FIELDS as readonly string[]).includes(key) ? key : headerField(key);
    const read = (raw: string) => {
      // Encoded text decoded ("R=C3=ADos", "=?UTF-8?B?…?=", "\u00f3"), a code page's misreading mended
      // (its "Â¨" and "Ã´" are no spacing accents), then decorated letters read plain ("V I T O", "Ⓙⓐⓝⓔ").
      const v = TEXT_FIELDS.has(field ?? '') ? plainLetters(repaired(decodedText(raw))) : raw;
      const t = NAME_PARTS.has(field ?? '') ? nameCellText(v, field) : cellText(v, field);
      return field === 'organization_names' ? withoutCrmTags(formerEmployer(withoutCardLines(t))) : t;
    };
    if (typeof value === 'string') out[key] = read(value);
    else if (Array.isArray(value)) out[key] = value.map((v) => (typeof v === 'string' ? read(v) : v));
  }
  return out;
}
