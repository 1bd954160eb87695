/** A contact row's fields (docs/contacts.md, "Rows"): what the matcher reads, and how the schema route describes them. */

/** The fields the matcher reads; any other field of a row is kept as `extra`. */
export const CONTACT_ROW_FIELDS = [
  'row_id',
  'name',
  'first_name',
  'last_name',
  'emails',
  'phone_numbers',
  'organization_names',
  'job_titles',
  'location',
  'professional_url',
  'notes',
] as const;

/** What the schema route says of a row (docs/contacts.md, "Rows"). */
export const ROW_SCHEMA = {
  type: 'object',
  description:
    'One contact, up to 100 columns. Every field is optional; other fields are kept as extra, and those named as spreadsheets name these fields ("First Name", "Company", "Prénom", "Firma", ...) are read as them (docs/contacts.md). A cell may be null (no value) or a number (read as its digits); a list field may be one value alone.',
  properties: {
    row_id: { type: 'string', description: 'Your own id for the row, echoed back.', examples: ['crm-1042'] },
    name: { type: 'string', description: 'Full name ("First Last" or "Last, First").', examples: ['Dr. Smith, John'] },
    first_name: { type: 'string', examples: ['Bill'] },
    last_name: { type: 'string', examples: ['Hartley'] },
    emails: { type: 'array', items: { type: 'string' }, examples: [['w.hartley@acme.com']] },
    phone_numbers: { type: 'array', items: { type: 'string' }, description: 'Any format.', examples: [['(415) 555-2671']] },
    organization_names: { type: 'array', items: { type: 'string' }, description: 'Current or past employers.', examples: [['Acme, Inc.']] },
    job_titles: { type: 'array', items: { type: 'string' }, examples: [['Sr. Software Eng.']] },
    location: { type: 'string', description: 'A city, a metro or a country.', examples: ['Oakland, CA'] },
    professional_url: {
      type: 'string',
      description: 'A professional-network profile URL or username.',
      examples: ['https://www.linkedin.com/in/whartley'],
    },
    notes: {
      type: 'string',
      description:
        'Free text about the person (a CRM note): read for a job title and an employer when the row has none ("works at Acme as CTO", "Platform Engineer @ Acme").',
      examples: ['Met at the summit; works at Acme Robotics as Head of Platform'],
    },
  },
} as const;

/** The fields that hold several values. */
export const LIST_FIELDS: ReadonlySet<string> = new Set(['emails', 'phone_numbers', 'organization_names', 'job_titles']);

/**
 * A row as exports send it, in the matcher's shape: an empty cell (null, pandas' NaN sent as null)
 * is no value, a number (a phone, an id) is its digits as text, and a list field given one value
 * alone is a list of it. Other columns are left as sent.
 */
export function rowFromCells(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const text = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);
  for (const [key, value] of Object.entries(input)) {
    if (!(CONTACT_ROW_FIELDS as readonly string[]).includes(key)) out[key] = value;
    else if (value === null || value === undefined) continue;
    else if (LIST_FIELDS.has(key)) {
      const values = (Array.isArray(value) ? value : [value]).map(text).filter((v) => typeof v === 'string' && v.trim());
      if (values.length) out[key] = values;
    } else {
      const v = text(value);
      if (typeof v === 'string') out[key] = v;
    }
  }
  return out;
}
