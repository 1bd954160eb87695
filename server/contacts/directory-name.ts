/**
 * A directory's name for a person pasted into a name cell (docs/contacts.md, "Rows"): an LDAP or
 * X.500 distinguished name ("CN=Jane Doe,OU=Sales,O=Acme", "CN=Doe\, Jane,OU=Users,DC=acme,DC=com")
 * or a Lotus Notes name, canonical ("CN=Jane Doe/OU=Sales/O=Acme") or abbreviated with its Notes
 * domain ("Jane Doe/Sales/Acme@Acme") or not ("Jane Doe/Sales/Acme", "Jane Doe/Boston/Acme/US"). Its common name is the person's name, its organisation the
 * employer; an organisational unit is a department and names no one.
 */

/** What a directory name says: the person's name, and the organisation when it gives one. */
export interface DirectoryName {
  name: string;
  organization: string | null;
}

/** An attribute then "=": where a distinguished name's next part starts. */
const NEXT_PART = /(?<!\\)\s*[,/;+]\s*(?=[A-Za-z][A-Za-z0-9.-]{0,20}\s*=)/;
/** A distinguished name: a common name first ("CN=", any case), as directories and Notes write it. */
const DISTINGUISHED = /^\s*cn\s*=/i;
/** A Notes abbreviated name: "Jane Doe/Sales/Acme@Acme", the name then one to four units, then its Notes domain. */
const NOTES_ABBREVIATED = /^\s*(\p{L}[\p{L}.'’-]*(?:\s+\p{L}[\p{L}.'’-]*){1,3})((?:\/[^/@=;]+){1,4})@[\p{L}\d][\p{L}\d .-]*$/u;
/**
 * A Notes hierarchical name without its domain: "Jane Doe/Sales/Acme", "Jane Doe/Boston/Acme/US",
 * the name then two to four components (units, the organisation, a country code last), no spaces
 * round the slashes ("Jane Doe / Acme" is a name and an employer, read as such elsewhere).
 */
const NOTES_HIERARCHICAL = /^\s*(\p{L}[\p{L}.'’-]*(?:\s+\p{L}[\p{L}.'’-]*){1,3})((?:\/[^/@=;\s][^/@=;]*){2,4})$/u;
/** A Notes name's country component: two capitals (ISO 3166), last. */
const NOTES_COUNTRY = /^[A-Z]{2}$/;

/** A value with its escapes read: "\," and "\2C" are a comma, quotes round it dropped. */
function unescaped(value: string): string {
  return value
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replace(/\\([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/\\(.)/g, '$1')
    .trim();
}

/**
 * An organisation as a directory squashes it ("YundtGroup", "ErdmanHalvorson"): its words apart,
 * where each part is a word of three letters or more ("McKinsey", "LinkedIn", "PwC", "DeepMind",
 * "iRobot" keep their capitals: a prefix, an abbreviation or a brand's own spelling).
 */
const organisationWords = (o: string): string =>
  /^\p{Lu}\p{Ll}{2,}(?:\p{Lu}\p{Ll}{2,})+$/u.test(o.trim()) && !/^(Mc|Mac)\p{Lu}/u.test(o.trim()) && !KEEP_CAMEL.test(o.trim())
    ? o.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').trim()
    : o.trim();
/** Brands written as one word with a capital inside. */
const KEEP_CAMEL =
  /^(LinkedIn|DeepMind|YouTube|PayPal|WordPress|HubSpot|GitHub|GitLab|DreamWorks|PlayStation|SoundCloud|DoorDash|FedEx|JetBlue|WhatsApp|MasterCard|BlackRock|SalesForce)$/;

/** The name and organisation a directory name gives, or null for a cell that is no directory name. */
export function directoryName(cell: string): DirectoryName | null {
  if (DISTINGUISHED.test(cell)) {
    const parts = cell
      .trim()
      .split(NEXT_PART)
      .map((p) => /^\s*([A-Za-z][A-Za-z0-9.-]*)\s*=\s*([\s\S]*)$/.exec(p))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [(m[1] as string).toLowerCase(), unescaped(m[2] as string)] as const);
    const name = parts.find(([a]) => a === 'cn')?.[1];
    if (!name || !/\p{L}/u.test(name)) return null;
    const organization = parts.find(([a]) => a === 'o')?.[1];
    return { name, organization: organization ? organisationWords(organization) : null };
  }
  const notes = NOTES_ABBREVIATED.exec(cell) ?? NOTES_HIERARCHICAL.exec(cell);
  if (!notes) return null;
  const units = (notes[2] as string).split('/').filter((u) => u.trim());
  // The organisation is the last component, or the one before a country code ("…/Acme/US").
  if (units.length > 1 && NOTES_COUNTRY.test((units.at(-1) as string).trim())) units.pop();
  return { name: (notes[1] as string).trim(), organization: organisationWords(units.at(-1) as string) };
}
