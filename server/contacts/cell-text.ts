/**
 * A cell's text as a person reads it, before its row is laid out (cell-layout.ts, docs/contacts.md
 * "Rows"): markup an export left around it, a JSON value where a tool wrote one, and the label a
 * business-card scanner or a form put before it ("Name: Ana Ruiz", "Company: Kulas Labs"). Name
 * cells lose what a mail merge, a list or a CRM put before the name: a greeting ("Dear Ana Ruiz,",
 * "ATTN:"), a number ("17. Ana Ruiz", "No. 284"), a marker ("zz_", "DUP -").
 */
import { decodeHTMLStrict } from 'entities';
import { headerField } from './header-names.js';
import type { ContactRow } from './match-scoring.js';
import { CONTACT_ROW_FIELDS } from './row-schema.js';

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

/** Any cell's text: markup out and entities decoded, a JSON value's text, no label of its field before it. */
export function cellText(cell: string, field?: string): string {
  let out = cell;
  if (out.includes('<') && TAG.test(out)) out = decodeHTMLStrict(out.replace(TAGS, ' ')).replace(/\s+/g, ' ').trim();
  out = fromJson(out, NAME_PARTS.has(field ?? '')) ?? out;
  return withoutLabel(out, field);
}

/** What a mail merge writes before a name: "Dear", "Hi", "Hello", "Attn", "To:", "c/o", "FAO". */
const GREETING = /^\s*(?:(?:dear|hi|hello)\b[\s,:]*|(?:attn|attention|fao|for the attention of|c\/o|to)\s*[:.]\s*|(?:attn|c\/o)\s+)/iu;
/** A list's number before a name: "17. Ana", "222) Ana", "#23 Ana", "No. 284 Ana", "136⇥Ana". */
const LIST_NUMBER = /^\s*(?:(?:no|nr|n°|#)\.?\s*)?\d{1,6}\s*(?:[.):\]-]\s*|\t|\s+)(?=\p{L})/iu;
/** A CRM's marker before a record it set aside: "zz_", "ZZZ ", "xx_", "DUP -", "DUPLICATE:", "DO NOT USE -". */
const CRM_MARKER =
  /^\s*(?:z{2,}[\s_.-]*|x{2,}[_.-]+\s*|(?:dup|dupe|duplicate|do not use|dnu|inactive|deleted|obsolete|archived?)\s*[-–:_|]+\s*|\[(?:dup|dupe|duplicate|old|inactive|deleted)\]\s*)/iu;

/**
 * A name cell's text without what was put before the name: greetings, list numbers, CRM markers
 * (each once, in any order), and a trailing comma a greeting leaves ("Dear Ana Ruiz,").
 */
export function nameCellText(cell: string, field = 'name'): string {
  let out = cellText(cell, field);
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

/** The row with every cell read as a person reads it (markup, JSON, labels; greetings and numbers before a name). */
export function readCells(row: ContactRow): ContactRow {
  const out: ContactRow & Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(row)) {
    if (key === 'row_id' || key === 'professional_url' || key === 'notes') continue;
    const field = (CONTACT_ROW_FIELDS as readonly string[]).includes(key) ? key : headerField(key);
    const read = (v: string) => {
      const t = NAME_PARTS.has(field ?? '') ? nameCellText(v, field) : cellText(v, field);
      return field === 'organization_names' ? formerEmployer(t) : t;
    };
    if (typeof value === 'string') out[key] = read(value);
    else if (Array.isArray(value)) out[key] = value.map((v) => (typeof v === 'string' ? read(v) : v));
  }
  return out;
}
