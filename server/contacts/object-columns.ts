/**
 * Column names that say which record a field belongs to (docs/contacts.md, "Rows"): event and
 * badge-scan exports ("Attendee Name", "Registrant Organization", "Lead Company"), CRM exports
 * with the object before or after the field ("properties.firstname", "Contact: First Name",
 * "Account: Account Name", "First Name (Contact)", "Account Name (Parent Customer)", Marketo's
 * "{{lead.First Name}}"), and vCard property names as columns ("FN", "N" = "Doe;Jane;;;").
 * A buyer's, a purchaser's or an order's column ("Buyer First Name", "Purchaser Name") names
 * someone else and stays unread.
 */

/** Records that are the row's person: their fields are the person's ("Attendee Email"). */
const PERSON_RECORDS = new Set([
  'attendee',
  'registrant',
  'participant',
  'guest',
  'lead',
  'delegate',
  'visitor',
  'prospect',
  'subscriber',
  'properties',
  'contact',
]);
/** Records that are the person's employer: only their organisation fields are read ("Account: Account Name", "Company.Company Name"). */
const EMPLOYER_RECORDS = new Set(['account', 'company', 'organization', 'organisation']);
/** A record named after the field, as Dynamics writes it: "First Name (Contact)", "Account Name (Parent Customer)". */
const TRAILING_RECORDS: { words: string[]; employer: boolean }[] = [
  { words: ['contact'], employer: false },
  { words: ['lead'], employer: false },
  { words: ['parent', 'customer'], employer: true },
  { words: ['parent', 'account'], employer: true },
  { words: ['account'], employer: true },
  { words: ['company'], employer: true },
];

/**
 * Drops the record's name from a column name's words (lower-case ASCII, in place) when what is
 * left is a field the record holds for the person: "attendee job title" → "job title",
 * "account account name" → "account name", "first name contact" → "first name".
 */
export function dropRecordWords(ws: string[], fieldOf: (key: string) => string | undefined): void {
  for (const tail of TRAILING_RECORDS) {
    const n = tail.words.length;
    if (ws.length <= n || !tail.words.every((w, i) => ws[ws.length - n + i] === w)) continue;
    const field = fieldOf(ws.slice(0, -n).join(' '));
    if (field && (!tail.employer || field === 'organization_names')) ws.splice(ws.length - n, n);
    break;
  }
  while (ws.length > 1) {
    const field = fieldOf(ws.slice(1).join(' '));
    const head = ws[0]!;
    if (!field || !(PERSON_RECORDS.has(head) || (EMPLOYER_RECORDS.has(head) && field === 'organization_names'))) break;
    ws.shift();
  }
}

/** vCard's property names besides N ("FN", "ORG", "TITLE", "EMAIL", "TEL", "ADR", "VERSION"). */
const VCARD_PROPERTIES = /^(fn|org|title|email|tel|adr|version|uid|note|url|role|nickname)$/i;

/**
 * A vCard's structured name in a column named "N" ("Doe;Jane;;;") beside other vCard property
 * columns: the name, as a vCard's N line ("N:Doe;Jane;;;"). A column "N" alone is a spreadsheet's
 * fourteenth column and stays as it was (unlabelled-columns.ts).
 */
export function withVcardName<R extends object>(row: R): R {
  const entries = Object.entries(row);
  const at = entries.find(([k, v]) => /^n$/i.test(k.trim()) && typeof v === 'string' && /^[^;]+;[^;]*(?:;[^;]*){0,3}$/.test(v.trim()));
  if (!at || !entries.some(([k]) => VCARD_PROPERTIES.test(k.trim())) || (row as { name?: unknown }).name) return row;
  const { [at[0]]: _n, ...rest } = row as Record<string, unknown>;
  return { ...rest, name: `N:${String(at[1]).trim()}` } as R;
}
