/**
 * A web form's submission pasted as one cell (docs/contacts.md, "Rows"): a query string
 * ("first_name=Jane&last_name=Doe&company=Acme+Inc&job_title=CTO"), the same percent-encoded
 * whole, a thank-you page's URL carrying it ("https://…/thanks?first_name=Jane&…"), or
 * "key=value; key=value" pairs. Its fields are the row's columns, read by their names as any
 * column is (header-names.ts); a referrer's, a campaign's or a page's fields ("referred_by",
 * "ref", "utm_source") name no column of the person and stay unread.
 */
import { decodeUriComponentOrNull } from '../../lib/decode-uri-component.js';

/** One field of a form post: a key of letters, digits, "_", ".", "-", "[]", then "=" and its value. */
const PAIR = /^\s*([A-Za-z][\w.[\]-]{0,40})\s*=(.*)$/s;
const MAX_CHARS = 4000;

/** A form value as the form sent it: "+" a space, percent escapes decoded. */
const formValue = (v: string): string => (decodeUriComponentOrNull(v.replace(/\+/g, ' ')) ?? v).trim();

/** The fields of a form post in `text`, or null when it is not one (fewer than two fields, or a field that is not key=value). */
export function formPostFields(text: string): [string, string][] | null {
  if (text.length > MAX_CHARS || !/=|%3D/i.test(text)) return null;
  let body = text.trim();
  // Percent-encoded whole ("first_name%3DJane%26last_name%3DDoe").
  if (!/[=&]/.test(body.replace(/%3D|%26/gi, ''))) body = decodeUriComponentOrNull(body) ?? body;
  // A page's URL: its query, without the fragment.
  const query = /^[a-z][a-z0-9+.-]*:\/\/[^?\s]*\?([^#\s]*)/i.exec(body);
  if (query) body = query[1]!;
  const sep = body.includes('&') ? '&' : body.includes(';') ? ';' : null;
  if (!sep) return null;
  const out: [string, string][] = [];
  for (const piece of body.split(sep)) {
    if (!piece.trim()) continue;
    const m = PAIR.exec(piece);
    if (!m) return null;
    const value = formValue(m[2]!);
    if (value) out.push([m[1]!.replace(/\[\]$/, ''), value]);
  }
  return out.length >= 2 ? out : null;
}

/**
 * The row with a form post in one of its cells read as the columns it holds: only when at least
 * two of its fields are columns a contact has and one names the person (a name or an address);
 * the cell itself is then read no further. Columns the row has already win.
 */
export function withFormPost<R extends object>(row: R, fieldOf: (key: string) => string | undefined): R {
  for (const [key, value] of Object.entries(row)) {
    if (typeof value !== 'string') continue;
    const fields = formPostFields(value)?.filter(([k]) => fieldOf(k));
    if (!fields || fields.length < 2 || !fields.some(([k]) => /^(name|first_name|last_name|emails)$/.test(fieldOf(k)!))) continue;
    const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
    delete out[key];
    for (const [k, v] of fields) if (out[k] === undefined || out[k] === null || out[k] === '') out[k] = v;
    return out as R;
  }
  return row;
}
