/**
 * Column names as spreadsheets, address books and CRMs write them ("First Name", "Prénom",
 * "Organization 1 - Name", "Person - Name", "Account Name", "Mailing City"), read as the API's
 * fields before a row is laid out (cell-layout.ts) and in reconciliation runs (docs/contacts.md).
 */
import { withDirectoryAttributes } from './directory-columns.js';
import type { ContactRow } from './evidence.js';
import { withFixedWidthRecord } from './fixed-width.js';
import { withFormPost } from './form-post.js';
import { dropRecordWords, withVcardName } from './object-columns.js';
import { repaired } from './repair.js';
import { LIST_FIELDS } from './row-schema.js';
import { withColumnsRead } from './unlabelled-columns.js';

type Field =
  | 'name'
  | 'first_name'
  | 'last_name'
  | 'emails'
  | 'phone_numbers'
  | 'organization_names'
  | 'job_titles'
  | 'location'
  | 'location_region'
  | 'location_country'
  | 'professional_url'
  | 'notes';

/**
 * Column names spreadsheets and address books use, in English and the languages of the larger
 * markets (French, German, Spanish, Portuguese, Italian, Dutch, Polish), folded to lower-case
 * ASCII words: a row sent with them ("Prénom", "Nachname", "empresa", "E-Mail Address") is read as
 * if it had used the API's names. A field the row gives under its own name wins.
 */
const HEADER_NAMES: ReadonlyMap<string, Field> = new Map(
  (
    [
      [
        'first_name',
        'first name|firstname|first|given name|givenname|forename|fname|f name|name first|prenom|vorname|nombre|primer nombre|nome|primeiro nome|voornaam|imie|first_name|preferred name|known as|given names|preferred first name',
      ],
      [
        'last_name',
        'last name|lastname|last|surname|family name|familyname|lname|l name|name last|nom|nom de famille|nachname|familienname|apellido|apellidos|cognome|sobrenome|apelido|achternaam|nazwisko|last_name|family names|surnames',
      ],
      [
        'name',
        'name|full name|fullname|display name|contact name|contact|nom complet|vollstandiger name|nombre completo|nome completo|naam|imie i nazwisko|worker|employee|legal name|legal full name|staff member|fn|formatted name',
      ],
      [
        'emails',
        'email|e mail|email address|e mail address|mail|courriel|adresse e mail|adresse mail|e mail adresse|correo|correo electronico|email 1 value|e mail 1 address|posta elettronica|emails|e mail addresses',
      ],
      [
        'phone_numbers',
        'phone|phone number|telephone|mobile|mobile phone|cell|cell phone|telefon|handy|telefonnummer|telefono|movil|celular|portable|tel|numero de telephone|telefoon|mobiel|phone numbers|phones',
      ],
      [
        'organization_names',
        'company|company name|employer|organization|organisation|entreprise|societe|firma|unternehmen|arbeitgeber|empresa|compania|azienda|bedrijf|organizacion|organizacao|organization names|organisations|companies|organization name|organisation name|account|account name|current company|org|org name|firm|works for|worksfor|legal entity|legal entity name|employing entity|employing company|legal employer|employer name|company legal name|company name for emails',
      ],
      [
        'job_titles',
        'title|job title|jobtitle|job titles|position|role|titre|fonction|berufsbezeichnung|titel|cargo|puesto|ruolo|functie|stanowisko|organization title|organisation title|designation|current title|job position|business title|position title|job profile|job title description|title description|job name|position name|working title|corporate title|role title|job role',
      ],
      [
        'location',
        'location|city|town|address|locality|address locality|ville|stadt|ort|ciudad|citta|cidade|localisation|ubicacion|localidade|plaats|miasto|formatted|office location|work site|worksite|site location|location name',
      ],
      ['location_region', 'region|state|province|county|state province|state region|bundesland|provincia|estado|regione|wojewodztwo'],
      ['location_country', 'country|country region|country name|pays|land|pais|paese|kraj'],
      ['professional_url', 'professional url|linkedin|linkedin url|profile url|linkedin profile|profil linkedin|url'],
      ['notes', 'notes|note|comments|comment|remarque|bemerkung|notas|notizen'],
    ] as [Field, string][]
  ).flatMap(([field, names]) => names.split('|').map((n): [string, Field] => [n, field])),
);
const KNOWN = new Set<string>(['row_id', ...[...HEADER_NAMES.values()].filter((f) => !f.startsWith('location_'))]);

const MAX_VALUES = 20;
const MAX_VALUE_CHARS = 1000;

/** Names that say less than others of their field: read after them ("Job Title" before Outlook's courtesy "Title"). */
const GENERIC_NAMES = new Set([
  'title',
  'contact',
  'address',
  'region',
  'url',
  'mail',
  'tel',
  'cell',
  'role',
  'position',
  'first',
  'last',
  'formatted',
  'account',
  'worker',
  'employee',
  // A name the person goes by: their given name when the row has no other ("Preferred Name:
  // David" beside "First Name: Wei" is Wei Zhang, whatever the columns' order).
  'preferred name',
  'preferred first name',
  'known as',
]);
/**
 * Words before a column's own name that say whose or which it is ("Person - Name", "Business
 * City", "Mailing City", "Primary Email", "Address 1 - City", "Legal First Name", "Employee
 * Name"): the name without them is read.
 */
const HEADER_QUALIFIERS = new Set([
  'person',
  'contact',
  'primary',
  'business',
  'home',
  'work',
  'mailing',
  'other',
  'main',
  'default',
  'address',
  'personal',
  // HR systems' own ("Legal First Name", "Employee Name", "Worker Name", "Associate Name", "Preferred Last Name").
  'legal',
  'preferred',
  'employee',
  'worker',
  'associate',
  'member',
  'staff',
  'official',
]);

/**
 * A column name as address books number and qualify it, reduced to its own name: "Organization 1 -
 * Name" → "organization name", "E-mail 1 - Value" → "e mail", "Address 1 - City" → "city",
 * "Person - Job title" → "job title" (Google Contacts, Outlook, Salesforce, HubSpot, Pipedrive).
 */
function plainHeader(key: string): string {
  const ws = key.split(' ').filter((w) => w && !/^\d+$/.test(w));
  if (ws.length > 1 && ws[ws.length - 1] === 'value') ws.pop();
  // The record a field belongs to: "Attendee Name", "properties.firstname", "First Name (Contact)".
  dropRecordWords(ws, (k) => HEADER_NAMES.get(k));
  while (ws.length > 1 && HEADER_QUALIFIERS.has(ws[0] as string) && HEADER_NAMES.has(ws.slice(1).join(' '))) ws.shift();
  return ws.join(' ');
}
/** A courtesy title alone (Outlook's "Title" column): no job title. */
export const COURTESY_ONLY = /^\s*(mr|mrs|ms|miss|mx|dr|prof|sir|dame|herr|frau|mme|mlle|m)\.?\s*$/i;

/** A column name's words, lowercase ASCII, read through the cells' repair first ("ï»¿First Name": a byte-order mark misread as windows-1252). */
const headerKey = (key: string): string =>
  repaired(key)
    .normalize('NFKC')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Words of a form's question around a column's name: "What is your full name?", "First name (required)". */
const FORM_WORDS = new Set([
  'what',
  'whats',
  'is',
  's',
  'your',
  'you',
  'please',
  'enter',
  'provide',
  'required',
  'optional',
  'mandatory',
  'here',
  'below',
  'the',
]);

const known = (key: string): Field | undefined => HEADER_NAMES.get(key) ?? HEADER_NAMES.get(plainHeader(key));

/**
 * The API field a column name stands for, or undefined: as written ("E-Mail Address"), with its
 * words apart as code writes them ("firstName", "companyName"), without a form's question around
 * it ("What is your full name?", "Company (required)"), or as alternatives of one field
 * ("Company / Organization", "Phone or Mobile").
 */
export function headerField(name: string): Field | undefined {
  // A sheet's column names come again on every row: each is read once (a bounded cache).
  const cached = fieldOfName.get(name);
  if (cached !== undefined || fieldOfName.has(name)) return cached;
  const field = readHeader(name);
  if (fieldOfName.size >= 10_000) fieldOfName.clear();
  fieldOfName.set(name, field);
  return field;
}

const fieldOfName = new Map<string, Field | undefined>();

/**
 * Column names of Russian and Ukrainian exports (1C, Bitrix24, amoCRM): "Фамилия", "Имя", "ФИО",
 * "Компания", "Должность". "Отчество" and "По батькові" (the patronymic) are no field: a
 * patronymic is no given or family name (patronymics.ts).
 */
const CYRILLIC_HEADER_NAMES: ReadonlyMap<string, Field> = new Map(
  (
    [
      ['first_name', "имя|ім’я|ім'я|імя"],
      ['last_name', 'фамилия|прізвище'],
      ['name', 'фио|ф.и.о.|піб|полное имя|контакт|контактное лицо'],
      ['organization_names', 'компания|организация|название компании|компанія|організація|работодатель'],
      ['job_titles', 'должность|посада'],
      ['emails', 'e-mail|email|эл. почта|электронная почта|рабочий e-mail|почта|електронна пошта'],
      ['phone_numbers', 'телефон|мобильный телефон|рабочий телефон|мобільний телефон'],
      ['location', 'город|місто|адрес'],
      ['location_country', 'страна|країна'],
    ] as [Field, string][]
  ).flatMap(([field, names]) => names.split('|').map((n): [string, Field] => [n, field])),
);

function readHeader(name: string): Field | undefined {
  if (/[\u0400-\u04ff]/u.test(name)) return CYRILLIC_HEADER_NAMES.get(name.trim().toLowerCase().replace(/\s+/g, ' ').replace(/:$/, ''));
  const key = headerKey(name);
  const camel = headerKey(name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'));
  const direct = known(key) ?? known(camel);
  if (direct) return direct;
  const asked = camel
    .split(' ')
    .filter((w) => !FORM_WORDS.has(w))
    .join(' ');
  if (asked && asked !== camel) {
    const field = known(asked);
    if (field) return field;
  }
  const alternatives = name.split(/\s*(?:\/|\||\bor\b)\s*/i).filter((a) => a.trim());
  if (alternatives.length < 2) return undefined;
  const fields = new Set(alternatives.map((a) => headerField(a)));
  const [only] = fields;
  return fields.size === 1 ? only : undefined;
}

/** The row with the values it sent under other column names ("Prénom", "Firma") in the API's fields. */
export function withHeaderNames(sent: ContactRow): ContactRow {
  // A vCard's "N" column, a web form's submission in one cell (object-columns.ts, form-post.ts).
  // A directory's attribute columns, a fixed-width record in one cell (directory-columns.ts, fixed-width.ts).
  const fieldOf = (key: string) => (KNOWN.has(key) ? key : headerField(key));
  const row = withFormPost(withVcardName(withFixedWidthRecord(withDirectoryAttributes(sent), fieldOf)), fieldOf);
  const out: ContactRow & Record<string, unknown> = { ...row };
  const regions: string[] = [];
  const countries: string[] = [];
  // A record pasted into one column and columns named for their position, read first (unlabelled-columns.ts).
  const entries = withColumnsRead(Object.entries(row), (key) => (KNOWN.has(key) ? key : headerField(key)))
    .filter(([key]) => !KNOWN.has(key))
    .map(([raw, value]) => [headerKey(raw), value, raw] as const)
    .sort((a, b) => Number(GENERIC_NAMES.has(a[0])) - Number(GENERIC_NAMES.has(b[0])));
  for (const [, value, raw] of entries) {
    if (value === null || value === undefined) continue;
    const field = headerField(raw);
    if (!field) continue;
    // As bounded as the fields' own values: short strings, a few of them.
    // A number is its digits ("Mobile Phone": 4915112345678, as a spreadsheet exports it).
    const values = (Array.isArray(value) ? value.slice(0, MAX_VALUES) : [value])
      .map((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v))
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= MAX_VALUE_CHARS);
    if (field === 'job_titles' && values.every((v) => COURTESY_ONLY.test(v))) continue;
    if (!values.length) continue;
    if (field === 'location_region' || field === 'location_country') {
      (field === 'location_region' ? regions : countries).push(...values);
      continue;
    }
    if (LIST_FIELDS.has(field)) {
      const have = (out[field] as string[] | undefined) ?? [];
      if (!have.length) out[field] = values as never;
    } else if (!out[field]) out[field] = values.join(' ') as never;
  }
  // A place in parts ("City", "State", "Country" columns): one location, town first.
  if (regions.length || countries.length) {
    const parts = [out.location, regions[0], countries[0]].filter((v): v is string => !!v?.trim());
    const joined = parts.join(', ');
    if (row.location === undefined || row.location === null || row.location === '') out.location = joined;
  }
  return out;
}
