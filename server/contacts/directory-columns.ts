/**
 * Directory attribute names as column names (docs/contacts.md, "Rows"): an LDAP, Active Directory
 * or inetOrgPerson export flattened to a sheet ("cn", "sn", "givenName", "o", "ou", "l", "st", "c",
 * "mail", "uid", "telephoneNumber"), read as the columns they are. One-letter attributes ("o", "l",
 * "c") are a spreadsheet's column letters too (unlabelled-columns.ts): they are read as attributes
 * only beside an attribute no sheet names a column by ("cn", "sn", "objectClass", "uid", "dn").
 */

/** Attributes that say a row is a directory's: what no other export names a column. */
const DIRECTORY_MARKERS = new Set(['cn', 'sn', 'dn', 'uid', 'objectclass', 'distinguishedname', 'samaccountname', 'ou']);

/**
 * Directory attributes and the column names they stand for (RFC 4519, RFC 2798 inetOrgPerson,
 * Active Directory's). "ou" and "department" name a unit, "uid" a login: neither is read.
 */
const ATTRIBUTES: ReadonlyMap<string, string> = new Map([
  ['cn', 'Full Name'],
  ['sn', 'Surname'],
  ['o', 'Organization'],
  ['l', 'City'],
  ['st', 'State'],
  ['c', 'Country'],
  ['co', 'Country'],
  ['telephonenumber', 'Telephone'],
  ['mobile', 'Mobile'],
]);

/** The row with a directory's attribute columns under the column names they stand for, when the row is a directory's. */
export function withDirectoryAttributes<R extends object>(row: R): R {
  const keys = Object.keys(row);
  if (!keys.some((k) => DIRECTORY_MARKERS.has(k.trim().toLowerCase()))) return row;
  const taken = new Set(keys.map((k) => k.trim().toLowerCase()));
  let out: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(row)) {
    const plain = ATTRIBUTES.get(key.trim().toLowerCase());
    if (!plain || taken.has(plain.toLowerCase())) continue;
    out ??= { ...(row as Record<string, unknown>) };
    delete out[key];
    out[plain] = value;
  }
  return (out ?? row) as R;
}
