/**
 * A contact card's payload in a cell, read into the row's fields (docs/contacts.md, "Rows"): a
 * badge scanner's QR code as text, MECARD ("MECARD:N:Doe,Jane;ORG:Acme;TITLE:CTO;;", NTT
 * DoCoMo's format) or BIZCARD ("BIZCARD:N:Jane;X:Doe;T:CTO;C:Acme;;"), and a vCard
 * ("BEGIN:VCARD … END:VCARD", RFC 2426 and 6350, with vCard 2.1's QUOTED-PRINTABLE values).
 */
import { decodedText } from './encoded-text.js';
import type { ContactRow } from './evidence.js';
import { CONTACT_ROW_FIELDS } from './row-schema.js';

/** The fields a card gives. */
export type CardFields = Pick<
  ContactRow,
  | 'name'
  | 'first_name'
  | 'last_name'
  | 'organization_names'
  | 'job_titles'
  | 'emails'
  | 'phone_numbers'
  | 'professional_url'
  | 'location'
  | 'notes'
>;

/** Splits at a separator not escaped with a backslash, and unescapes ("\;", "\,", "\:", "\n"). */
function split(text: string, sep: string): string[] {
  const out: string[] = [''];
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < text.length) {
      const n = text[++i] as string;
      out[out.length - 1] += n === 'n' || n === 'N' ? ' ' : n;
    } else if (c === sep) out.push('');
    else out[out.length - 1] += c;
  }
  return out.map((s) => s.trim());
}

const list = (v: string | undefined): string[] | undefined => (v ? [v] : undefined);
/** An address's parts (street, town, region, postal code, country) as a location, the town first. */
const placeOfParts = (parts: string[]): string | undefined =>
  parts
    .filter((p, i) => p && !/\d/.test(p) && i >= parts.length - 5)
    .slice(-3)
    .join(', ') || undefined;

/** MECARD and BIZCARD: "KEY:value;" fields, ";;" at the end. */
function qrCard(kind: string, body: string): CardFields {
  const f = new Map<string, string>();
  for (const field of split(body, ';')) {
    const at = field.indexOf(':');
    if (at > 0 && !f.has(field.slice(0, at).toUpperCase())) f.set(field.slice(0, at).toUpperCase(), field.slice(at + 1).trim());
  }
  if (kind === 'BIZCARD')
    return {
      first_name: f.get('N'),
      last_name: f.get('X'),
      job_titles: list(f.get('T')),
      organization_names: list(f.get('C')),
      emails: list(f.get('E')),
      phone_numbers: list(f.get('B') ?? f.get('M')),
      location: f.get('A'),
    };
  // MECARD's N is "Family,Given" (or a whole name without a comma).
  const [family, given] = split(f.get('N') ?? '', ',');
  const named = given ? { last_name: family, first_name: given } : { name: family || undefined };
  return {
    ...named,
    organization_names: list(f.get('ORG')),
    job_titles: list(f.get('TITLE')),
    emails: list(f.get('EMAIL')),
    phone_numbers: list(f.get('TEL')),
    professional_url: f.get('URL'),
    location: f.get('ADR') ? placeOfParts(split(f.get('ADR') as string, ',')) : undefined,
    notes: f.get('NOTE'),
  };
}

/** A vCard: its lines unfolded, each property's value decoded (QUOTED-PRINTABLE, escapes). */
function vCard(text: string): CardFields {
  const lines = text
    .replace(/=\r?\n/g, '=\n')
    .replace(/\r?\n[ \t]/g, '')
    .replace(/=\n/g, '')
    .split(/\r?\n/);
  const f = new Map<string, string>();
  for (const line of lines) {
    const m = /^(?:[\w-]+\.)?([A-Za-z-]+)((?:;[^:]*)?):(.*)$/.exec(line.trim());
    if (!m) continue;
    const key = (m[1] as string).toUpperCase();
    const qp = /ENCODING=QUOTED-PRINTABLE|;QUOTED-PRINTABLE/i.test(m[2] as string);
    if (!f.has(key)) f.set(key, qp ? decodedText(m[3] as string) : (m[3] as string));
  }
  const [family, given, middle] = split(f.get('N') ?? '', ';');
  const named = family || given ? { last_name: family, first_name: [given, middle].filter(Boolean).join(' ') } : { name: f.get('FN') };
  return {
    ...named,
    organization_names: list(split(f.get('ORG') ?? '', ';')[0]),
    job_titles: list(f.get('TITLE') ? split(f.get('TITLE') as string, ',').join(', ') : undefined),
    emails: list(f.get('EMAIL')),
    phone_numbers: list(f.get('TEL')),
    professional_url: f.get('URL'),
    location: f.get('ADR') ? placeOfParts(split(f.get('ADR') as string, ';')) : undefined,
    notes: f.get('NOTE'),
  };
}

const PAYLOAD = /^\s*(MECARD|BIZCARD):\s*([\s\S]*)$/i;

/** The fields a cell's card payload gives, or null when the cell holds none. */
export function cardFields(cell: string): CardFields | null {
  const qr = PAYLOAD.exec(cell);
  if (qr) return qrCard((qr[1] as string).toUpperCase(), qr[2] as string);
  if (/^\s*BEGIN:VCARD\b/i.test(cell)) return vCard(cell.trim());
  return null;
}

/**
 * The row with a card payload's fields, from whichever cell holds one (the name cell, a "Scan
 * Data" column): the cell is read as the card, and the card fills the fields the row leaves empty.
 */
export function withCardPayload(row: ContactRow): ContactRow {
  for (const [key, value] of Object.entries(row)) {
    if (typeof value !== 'string' || !/^\s*(?:MECARD:|BIZCARD:|BEGIN:VCARD)/i.test(value)) continue;
    const card = cardFields(value);
    if (!card) continue;
    const out: ContactRow & Record<string, unknown> = { ...row };
    // A field's cell is the card's now; another column ("Scan Data") is kept as sent, as `extra`.
    if ((CONTACT_ROW_FIELDS as readonly string[]).includes(key)) delete out[key];
    for (const [field, v] of Object.entries(card) as [keyof CardFields, string | string[] | undefined][]) {
      const have = out[field];
      const empty = have === undefined || have === null || have === '' || (Array.isArray(have) && !have.length);
      if (v !== undefined && v !== '' && empty) (out as Record<string, unknown>)[field] = v;
    }
    return out;
  }
  return row;
}
