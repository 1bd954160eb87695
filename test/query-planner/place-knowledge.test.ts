/**
 * Places and titles beyond the development queries: spellings the gazetteer folds, English
 * names of cities it spells locally, first-level divisions outside the US and Canada, metros
 * and regions people name, and title words the grammar used to lose.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { directionalPart } from '../../geo/directions.js';
import { placeKey } from '../../geo/place-key.js';
import { regionMembers, regionsOf } from '../../geo/regions.js';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { placeClause, resolvePlace } from '../../query-planner/places.js';

const filters = (q: string) => parsePeopleQuery(q).filters;
/** The canonical name of the first place the parser finds. */
const placeOf = (q: string) => {
  const text = parsePeopleQuery(q).filters.locations?.include?.[0];
  return text ? resolvePlace(text)?.name : undefined;
};
const resolved = (text: string) => {
  const r = resolvePlace(text);
  return r ? `${r.kind}: ${r.name}` : null;
};

test('place keys fold letters without accents, apostrophes and "Saint"', () => {
  assert.is(placeKey('Wrocław'), 'wroclaw');
  assert.is(placeKey('Łódź'), 'lodz');
  assert.is(placeKey('Tromsø'), 'tromso');
  assert.is(placeKey("Xi'an"), 'xian');
  assert.is(placeKey('Saint Paul'), placeKey('St. Paul'));
  assert.is(resolved('Wrocław'), resolved('Wroclaw'));
  assert.is(resolved('Saint Petersburg'), 'city: St. Petersburg, Russia');
  assert.is(resolved("Xi'an"), 'city: Xian, China');
});

test('English names and abbreviations of cities the gazetteer spells otherwise', () => {
  for (const [text, name] of [
    ['Gothenburg', 'city: Göteborg, Sweden'],
    ['Antwerp', 'city: Antwerpen, Belgium'],
    ['Nuremberg', 'city: Nürnberg, Germany'],
    ['Kiev', 'city: Kyiv, Ukraine'],
    ['Quebec City', 'city: Québec, Canada'],
    ['CDMX', 'city: Mexico City, Mexico'],
    ['HCMC', 'city: Ho Chi Minh City, Vietnam'],
    ['SLC', 'city: Salt Lake City, Utah, United States'],
    ['Espoo', 'city: Espoo, Finland'],
  ] as const)
    assert.is(resolved(text), name, text);
  assert.is(resolved('NZ'), 'country: New Zealand');
  assert.is(resolved('KSA'), 'country: Saudi Arabia');
});

test('first-level divisions by their local and English names; a large city keeps its name', () => {
  assert.is(resolved('Bavaria'), 'state: Bayern, Germany');
  assert.is(resolved('Bayern'), 'state: Bayern, Germany');
  assert.is(resolved('Maharashtra'), 'state: Maharashtra, India');
  assert.is(resolved('Telangana'), 'state: Andhra Pradesh, India');
  assert.is(resolved('Catalonia'), 'state: Cataluña, Spain');
  assert.is(resolved('Brittany'), 'state: Bretagne, France');
  assert.is(resolved('Berlin'), 'city: Berlin, Germany');
  assert.is(resolved('Delhi')?.startsWith('city: Delhi'), true);
});

test('metros and regions people name, with the countries and states they cover', () => {
  assert.is(resolved('Twin Cities'), 'metro: Twin Cities');
  assert.is(resolved('Lower Mainland'), 'metro: Greater Vancouver');
  assert.is(resolved('Inland Empire'), 'metro: Inland Empire');
  assert.is(resolved('Thames Valley'), 'metro: Thames Valley');
  // A nickname picks its own city over a larger namesake.
  assert.is(resolved('St. Pete'), 'city: St. Petersburg, Florida, United States');

  assert.is(resolved('Metro Detroit'), 'metro: Metro Detroit');
  assert.is(resolved('East Bay'), 'metro: San Francisco Bay Area');
  for (const [text, name] of [
    ['Iberia', 'Iberia'],
    ['the Baltics', 'Baltics'],
    ['UK&I', 'UK and Ireland'],
    ['Northeast', 'Northeast'],
    ['Central Asia', 'Central Asia'],
    ['SE Asia', 'Southeast Asia'],
    ['Gulf states', 'GCC'],
    ['MENA', 'MENA'],
    ['the Prairies', 'Prairies'],
    ['Atlantic Canada', 'Atlantic Canada'],
    ['Flanders', 'Flanders'],
  ] as const)
    assert.is(resolved(text), `region: ${name}`, text);
  assert.equal(regionMembers('Baltics'), { countries: ['EE', 'LT', 'LV'], usStates: [], subdivisions: [] });
  // Parts of other countries, by their first-level divisions as records store them.
  assert.equal(regionMembers('Atlantic Canada').subdivisions, [
    'CA|New Brunswick',
    'CA|Newfoundland and Labrador',
    'CA|Nova Scotia',
    'CA|Prince Edward Island',
  ]);
  assert.equal(regionsOf('CA', null, 'Alberta').includes('Prairies'), true);
  assert.equal(regionsOf('CA', null, 'Alberta').includes('Western Canada'), true);
  assert.equal(regionsOf('CA', null, 'Ontario').includes('Prairies'), false);
  assert.equal(regionsOf('NL', null, 'Limburg').includes('Flanders'), false);
  assert.equal(regionsOf('BE', null, 'Limburg').includes('Flanders'), true);
  assert.equal(regionMembers('MENA').countries.includes('MA'), true);
  assert.equal(regionMembers('Northeast').usStates.includes('PA'), true);
  assert.equal(regionsOf('MA', null).includes('MENA'), true);
  assert.equal(regionsOf('EG', null).includes('Middle East'), true);
  assert.equal(regionsOf('MA', null).includes('Middle East'), false);
});

test("France's regions, cities named with their river, and places that are common nouns", () => {
  // The merged regions hold the earlier ones the gazetteer files cities under.
  assert.is(resolved('Normandy'), 'region: Normandy');
  assert.equal(regionsOf('FR', null, 'Haute-Normandie').includes('Normandy'), true);
  assert.equal(regionsOf('FR', null, 'Alsace').includes('Grand Est'), true);
  assert.equal(regionsOf('FR', null, 'Auvergne').includes('Auvergne-Rhône-Alpes'), true);
  assert.is(resolved('Burgundy'), 'state: Bourgogne, France');
  assert.is(resolved('Corsica'), 'state: Corse, France');
  assert.is(resolved('Stoke-on-Trent'), 'city: Stoke, United Kingdom');
  assert.is(resolved('Newcastle upon Tyne'), 'city: Newcastle, United Kingdom');
  assert.is(resolved('Frankfurt am Main'), 'city: Frankfurt, Germany');
  const company = (q: string) => parseCompanyQuery(q).filters;
  assert.equal(company('cider makers in Normandy').locations, { include: ['Normandy'] });
  // "china" and "turkey" in small letters, where names are capitalised, are porcelain and a bird.
  assert.equal(company('fine china manufacturers in Stoke-on-Trent').locations, { include: ['Stoke-on-Trent'] });
  assert.equal(company('turkey farms in Minnesota').locations, { include: ['Minnesota'] });
  assert.equal(company('fintech startups in china').locations, { include: ['china'] });
  assert.equal(company('china fintech startups').locations, { include: ['china'] });
  assert.equal(filters('Software Engineers germany').locations, { include: ['germany'] });
});

test('divisions the gazetteer knows from its cities, cities under their own names, misspelt places', () => {
  // Any first-level division the gazetteer's cities are filed under, of one country, that is no
  // common word.
  assert.is(resolved('Tasmania'), 'state: Tasmania, Australia');
  assert.is(resolved('Selangor'), 'state: Selangor, Malaysia');
  assert.is(resolved('Bay'), null);
  assert.is(resolved('Delta'), null);
  // In a query they need a place word before them.
  assert.equal(filters('territory managers in tasmania').locations, { include: ['tasmania'] });
  assert.equal(filters('Validation Engineers In Vaud').locations, { include: ['Vaud'] });
  assert.equal(filters('software engineers at Meta').locations, undefined);
  assert.equal(filters('ux managers near bay area').locations, { include: ['bay area'] });
  // A city's own-language name, and "&" inside a country's name.
  assert.is(resolved('Firenze'), 'city: Florence, Italy');
  assert.is(resolved('Sevilla'), resolved('Seville'));
  assert.is(resolved('Trinidad & Tobago'), 'country: Trinidad and Tobago');
  assert.equal(filters('barristers in trinidad & tobago').locations, { include: ['trinidad & tobago'] });
  assert.equal(filters('R&D engineers in Berlin').job_titles?.include, ['R&D Engineer']);
  // A misspelt place right after "in", "near", "from", "based" or "located".
  assert.equal(filters('ehs managers in missisippi').locations, { include: ['Mississippi'] });
  assert.equal(filters('Optical Engineers in Tuscon').locations, { include: ['Tucson'] });
  assert.equal(filters('nurses in germnay').locations, { include: ['Germany'] });
  assert.equal(filters('outside sales reps in the deep south').job_titles?.include, ['Outside Sales Rep']);
  assert.equal(filters('engineers in hybrid roles').locations, undefined);
  // Only a swap in a short word, and never an English word: "Dallos" is no Dallas, "training" no Taiping.
  assert.equal(filters('Senior Site Reliability Engineers in Dallos').locations, undefined);
  assert.equal(filters('engineer in training').locations, undefined);
  // Metros and regions of general geography.
  assert.is(resolved('Rhein-Main'), 'metro: Frankfurt Rhine-Main');
  assert.is(resolved('Kansai'), 'metro: Kansai');
  assert.is(resolved('the Deep South'), 'region: Deep South');
  assert.equal(regionMembers('Deep South').usStates.includes('MS'), true);
  assert.is(resolved('Golden Horseshoe'), 'metro: Golden Horseshoe');
  // "BC" is British Columbia, in capitals or after a place word.
  assert.equal(filters('developer educators in bc').locations, { include: ['BC'] });
  assert.equal(filters('bc i need engineers').locations, undefined);
  // Titles that hold "in".
  assert.equal(filters('in-house counsel in abuja').job_titles?.include, ['In-House Counsel']);
  assert.equal(filters('editor-in-chief in pretoria').job_titles?.include, ['Editor-in-Chief']);
  assert.equal(filters('software engineers in test in bordeaux').job_titles?.include, ['Software Engineer in Test']);
  assert.equal(filters('entrepreneurs in residence in santa barbara').job_titles?.include, ['Entrepreneur in Residence']);
  assert.equal(filters('software engineers in bordeaux').job_titles?.include, ['Software Engineer']);
  // "Enterprise" before a segment word is part of the title.
  assert.equal(filters('Enterprise Product Managers Based In Menlo Park').job_titles?.include, ['Enterprise Product Manager']);
  assert.equal(filters('enterprise support managers in the upper midwest').job_titles?.include, ['Enterprise Support Manager']);
  assert.equal(filters('product managers at enterprise companies').job_titles?.include, ['Product Manager']);
});

test('towns the gazetteer does not list: after a place word, or qualified by their state or country', () => {
  // GeoNames' towns of 15,000 people or more (geo/data/towns.tsv).
  assert.is(resolved('Markham'), 'city: Markham, Canada');
  assert.is(resolved('Bentonville'), 'city: Bentonville, Arkansas, United States');
  assert.is(resolvePlace('Markham')?.region, 'Ontario');
  // A filter's text resolves back to the same place, without the place word.
  assert.is(resolved('Markham, Canada'), 'city: Markham, Canada');
  assert.is(resolved('Bentonville, Arkansas, United States'), 'city: Bentonville, Arkansas, United States');
  assert.is(resolvePlace('Markham, Canada')?.lessCertain, undefined);
  // Names of common words and of three letters or fewer are never towns ("Queens", "Ada").
  assert.is(resolved('Queens'), null);
  assert.is(resolved('Ada'), null);
  assert.equal(filters('software engineers in Markham').locations, { include: ['Markham'] });
  assert.equal(filters('product managers based in milton keynes').locations, { include: ['milton keynes'] });
  assert.equal(filters('category buyers in Bentonville, AR').locations, { include: ['Bentonville'] });
  assert.is(placeOf('category buyers in Bentonville, AR'), 'Bentonville, Arkansas, United States');
  assert.equal(filters('Markham, Ontario accountants').locations, { include: ['Markham'] });
  // Without a place word, or after "from" (an employer or a school as often), no town.
  assert.equal(filters('Markham accountants').locations, undefined);
  assert.equal(filters('payments engineers from Braintree').locations, undefined);
  assert.equal(filters('payments engineers in Braintree').locations, { include: ['Braintree'] });
  // Nor after a skill's "in"; years of experience in a town are spent there.
  assert.equal(filters('engineers with experience in Braintree').locations, undefined);
  assert.equal(filters('architects with 10+ years experience in markham').locations, { include: ['markham'] });
});

test('parts of countries named by a direction, states named in the plural, divisions qualified by their country', () => {
  // The divisions whose centre lies in that third of the country (geo/directions.ts).
  assert.is(resolved('Northern Italy'), 'region: Northern Italy');
  assert.is(resolved('south india'), 'region: Southern India');
  assert.is(resolved('South West Nigeria'), 'region: Southwestern Nigeria');
  const north = directionalPart('northern italy')?.subdivisions ?? [];
  assert.ok(north.includes('IT|Lombardia') && north.includes('IT|Veneto') && !north.includes('IT|Sicilia') && !north.includes('IT|Lazio'));
  const south = directionalPart('southern germany')?.subdivisions ?? [];
  assert.ok(south.includes('DE|Bayern') && south.includes('DE|Baden-Württemberg') && !south.includes('DE|Hamburg'));
  // Alaska and Hawaii do not make Texas eastern.
  assert.not.ok(directionalPart('eastern united states')?.subdivisions.includes('US|Texas'));
  // Countries whose name holds a direction stay countries; England is no country of its own span.
  assert.is(resolved('South Africa'), 'country: South Africa');
  assert.is(resolved('Northern Ireland'), 'country: United Kingdom');
  assert.is(directionalPart('northern england'), null);
  assert.is(directionalPart('central mexico'), null);
  assert.equal(filters('PLC programmers in Northern Italy').locations, { include: ['Northern Italy'] });
  assert.equal(filters('clinical research coordinators in south india').locations, { include: ['south india'] });
  // The filter matches the divisions' records.
  assert.equal(JSON.stringify(placeClause(resolvePlace('Northern Italy')!)).includes('Lombardia'), true);
  // "the Carolinas", "the Dakotas", "the Virginias".
  assert.is(resolved('the Carolinas'), 'region: Carolinas');
  assert.equal(regionMembers('Dakotas').usStates, ['ND', 'SD']);
  assert.equal(filters('crop consultants across the dakotas').locations, { include: ['dakotas'] });
  // A division followed by its country is that division; a name both a country and a state, the state.
  assert.equal(filters('naval architects in galicia, spain').locations, { include: ['galicia'] });
  assert.equal(filters('nurses in Victoria, Australia').locations, { include: ['Victoria'] });
  assert.equal(filters('engineers in Georgia, US').locations, { include: ['Georgia, United States'] });
  assert.is(resolved('Punjab, Pakistan'), 'state: Punjab, Pakistan');
  // "Ft." and "Mt." before a name; "MT" alone is Montana.
  assert.is(resolved('Ft Collins'), 'city: Fort Collins, Colorado, United States');
  assert.is(resolved('MT'), 'state: Montana, United States');
  assert.equal(filters('project managers in ft collins, co').locations, { include: ['ft collins'] });
  // A town of half a million people needs no place word; one that is a gazetteer city under another
  // spelling is that city, as records store it.
  assert.equal(filters('dammam procurement officers').locations, { include: ['dammam'] });
  assert.is(resolved('Dammam'), 'city: Ad Damman, Saudi Arabia');
  // A division the next word's country holds, even where a town has its name.
  assert.equal(filters('nurses in Okinawa, Japan').locations, { include: ['Okinawa'] });
  // Not the United States' parts, nor a country named like a state.
  assert.is(directionalPart('southern united states'), null);
  assert.is(directionalPart('north georgia'), null);
  // One place under its written-out name: "Ft. Worth" is Fort Worth; Montréal keeps its accent.
  assert.is(resolvePlace('Ft. Worth')?.city, 'Fort Worth');
  assert.is(resolvePlace('Montreal')?.city, 'Montréal');
});

test('titles: a misspelt head noun, "mine" before a noun', () => {
  // One slip from exactly one head noun, in a word that is no common English word.
  assert.equal(filters('logistics cordinators in Zaragoza').job_titles?.include, ['Logistics Coordinator']);
  assert.equal(filters('construction superintendants').job_titles?.include, ['Construction Superintendent']);
  assert.equal(filters('senior enginers in Berlin').job_titles?.include, ['Senior Engineer']);
  // Words spelt as they are meant stay.
  assert.equal(filters('counsellors in Dublin').job_titles?.include, ['Counsellor']);
  assert.equal(filters('frontend engineers').job_titles?.include, ['Frontend Engineer']);
  assert.equal(filters('Salesforce administrators').job_titles?.include, ['Salesforce Administrator']);
  // "mine" before a noun is a mine; the pronoun stays a stop word.
  assert.equal(filters('mine planners in Townsville').job_titles?.include, ['Mine Planner']);
  assert.equal(filters('a friend of mine is a recruiter').job_titles?.include, ['Recruiter']);
  // Trades are head nouns: "lead" before one is the level.
  assert.equal(filters('lead carpenters in Bellingham').job_titles?.include, ['Lead Carpenter']);
  assert.equal(filters('head gardeners').job_titles?.include, ['Head Gardener']);
});

test('titles: abbreviated words, with or without their dot; "eng" ending a title is the engineer', () => {
  assert.equal(filters('asst. principals in dallas').job_titles?.include, ['Assistant Principal']);
  assert.equal(filters('assoc. dir. of admissions').job_titles?.include, ['Associate Director of Admissions']);
  assert.equal(filters('program coord in denver').job_titles?.include, ['Program Coordinator']);
  assert.equal(filters('sales execs in lagos').job_titles?.include, ['Sales Executive']);
  assert.equal(filters('mech eng in pune').job_titles?.include, ['Mechanical Engineer']);
  assert.equal(filters('reservoir eng in houston').job_titles?.include, ['Reservoir Engineer']);
  assert.equal(filters('sr software eng').job_titles?.include, ['Senior Software Engineer']);
  // After a VP or "head of", or before another title word, "eng" is the department.
  assert.equal(filters('vp eng at startups').job_titles?.include, ['VP Engineering']);
  assert.equal(filters('head of eng').job_titles?.include, ['Head of Engineering']);
  assert.equal(filters('eng managers in nyc').job_titles?.include, ['Engineering Manager']);
  // A dot after a place still ends it.
  assert.equal(filters('nurses in Boston. 5 years').locations?.include, ['Boston']);
});

test('titles: a head noun written as one word with what it works on', () => {
  assert.equal(filters('psychotherapists in vienna').job_titles?.include, ['Psychotherapist']);
  assert.equal(filters('songwriters in nashville').job_titles?.include, ['Songwriter']);
  assert.equal(filters('fishermen in newfoundland').job_titles?.include, ['Fisherman']);
  assert.equal(filters('linemen in texas').job_titles?.include, ['Lineman']);
  assert.equal(filters('salespeople in ohio').job_titles?.include, ['Salesperson']);
  // "human" and "woman" are no compounds: the head stays the last title word.
  assert.equal(filters('human resources managers').job_titles?.include, ['Human Resources Manager']);
  assert.equal(filters('women in tech').job_titles, undefined);
  // PEI and Newfoundland are Canada's provinces.
  assert.is(placeOf('nurses in pei'), 'Prince Edward Island, Canada');
  assert.is(placeOf('fishermen in newfoundland'), 'Newfoundland and Labrador, Canada');
});

test('a place that starts an employer\'s name after "at" or "ex-" is the employer', () => {
  const parsed = (q: string) => {
    const r = parsePeopleQuery(q);
    return { places: r.filters.locations?.include ?? [], employers: r.companies.map((c) => c.text) };
  };
  assert.equal(parsed('engineers at Texas Instruments in Dallas'), { places: ['Dallas'], employers: ['Texas Instruments'] });
  assert.equal(parsed('former Boston Scientific engineers'), { places: [], employers: ['Boston Scientific'] });
  assert.equal(parsed('designers at Jacksonville Jaguars'), { places: [], employers: ['Jacksonville Jaguars'] });
  // A place alone, or before a word in small letters, stays a place; so does one after a name.
  assert.equal(parsed('Engineers from New York'), { places: ['New York'], employers: [] });
  assert.equal(parsed('engineers at London fintechs').places, ['London']);
  assert.equal(parsed('engineers at Deloitte Dublin'), { places: ['Dublin'], employers: ['Deloitte'] });
  // In text all in small letters nothing marks a name; a state right after "at" is an employer's.
  assert.equal(parsed('engineers at texas instruments'), { places: [], employers: ['texas instruments'] });
  assert.equal(parsed('engineers at boston scientific').places, ['boston']);
  // There, a common English word before a title's head starts the title.
  const exGoogle = parsePeopleQuery('ex-google staff privacy engineers');
  assert.equal([exGoogle.filters.job_titles?.include, exGoogle.companies.map((c) => c.text)], [['Staff Privacy Engineer'], ['google']]);
  assert.equal(parsed('ex-goldman sachs bankers').employers, ['goldman sachs']);
  assert.equal(parsed('ex-red hat engineers').employers, ['red hat']);
  // A place before a workplace word stays a place.
  assert.equal(parsed('Nurses at Boston Hospitals'), { places: ['Boston'], employers: [] });
});

test('titles: more occupations, endings that only make people', () => {
  assert.equal(filters('Fishing vessel captains in Greenland').job_titles?.include, ['Fishing Vessel Captain']);
  assert.equal(filters('Safari Guides In Arusha').job_titles?.include, ['Safari Guide']);
  assert.equal(filters('security guards in leeds').job_titles?.include, ['Security Guard']);
  assert.equal(filters('fluid mechanics researchers').job_titles?.include, ['Fluid Mechanics Researcher']);
  // Compounds of heads that also end names of things are none; tools and verbs after a head stay keywords.
  assert.equal(filters('firmware engineers microcontrollers').job_titles?.include, ['Firmware Engineer']);
  assert.equal(filters('devops engineers with terraform packer consul').job_titles?.include, ['DevOps Engineer']);
  // "-ologist", "-ician", "-ographer", "-smith": no misspelt head ("enologists" is no Ecologist).
  assert.equal(filters('Enologists in Mendoza').job_titles?.include, ['Enologist']);
  assert.equal(filters('beauticians').job_titles?.include, ['Beautician']);
  assert.equal(filters('Principal Cryptanalysts').job_titles?.include, ['Principal Cryptanalyst']);
  // "eng" before a place is the engineer.
  assert.equal(filters('hull structural eng ulsan').job_titles?.include, ['Hull Structural Engineer']);
});

test('places: a code written as a word before a capitalised name, a division ending the query after a title', () => {
  assert.equal(filters('Corrosion engineers in Al Khobar').locations, undefined);
  assert.equal(filters('Engineers in Mobile, AL').locations?.include, ['Mobile']);
  assert.equal(filters('Nurses in Ny Area').locations?.include, ['NY']);
  assert.equal(filters('Nurses in La County').locations?.include, ['LA']);
  assert.is(placeOf('game rangers limpopo'), 'Limpopo, South Africa');
  assert.is(placeOf('machine operators south yorkshire 5+ years'), 'South Yorkshire, United Kingdom');
  // Not a short single word, nor before more words; at the start before a title it is a place
  // (query-planner/parse/place-position.ts).
  assert.equal(filters('engineers meta').locations, undefined);
  assert.is(placeOf('limpopo rangers'), 'Limpopo, South Africa');
  assert.equal(filters('rangers limpopo national parks').locations, undefined);
});

test('places: countries under their other English names, cities qualified by a division code outside the US', () => {
  assert.is(resolved('East Timor'), 'country: East Timor');
  assert.is(resolved('Cape Verde'), 'country: Cabo Verde');
  // A country's own name in Latin letters, native or as a transliteration writes it; not plain
  // one-word alternatives that name other things ("Nippon" is Japan after a place word only:
  // geo/country-aliases.ts COUNTRY_NAMES_AFTER_PLACE_WORD).
  assert.is(resolved('Aotearoa'), 'country: New Zealand');
  assert.is(resolved('Bharat'), 'country: India');
  assert.is(resolvePlace('Nippon')?.lessCertain, 'town');
  for (const name of ['Dominique', 'Maurice', 'Prathet']) assert.is(resolved(name), null, name);
  assert.is(resolved('Portuguesa'), 'state: Portuguesa, Venezuela');
  // A division's official names with the word for its kind ("Region Hovedstaden", "Xizang Zizhiqu")
  // link its English names too: "Tibet" is Xizang, "Xinjiang" no misspelt Xinxiang.
  assert.is(resolved('Region Hovedstaden'), 'state: Hovedstaden, Denmark');
  assert.is(resolved('Tibet'), 'state: Xizang, China');
  assert.is(resolved('Xinjiang'), 'state: Xinjiang Uygur, China');
  assert.is(resolved('Bratislava'), 'city: Bratislava, Slovakia');
  // Regions of geography no list held: island groups, a sea's shores, parts of a region, regions across borders.
  for (const [text, name] of [
    ['the Lesser Antilles', 'Lesser Antilles'],
    ['the Guianas', 'Guianas'],
    ['the Arab world', 'Arab League'],
    ['Black Sea region', 'Black Sea region'],
    ['maritime Southeast Asia', 'Maritime Southeast Asia'],
    ['the North Caucasus', 'North Caucasus'],
    ['the Corn Belt', 'Corn Belt'],
    ['Cascadia', 'Cascadia'],
    ['the Urals', 'Urals'],
    ['the Gulf of Guinea', 'Gulf of Guinea'],
    ['southwestern Europe', 'Southwestern Europe'],
    ['the Alps', 'Alps'],
    ['the Himalayas', 'Himalayas'],
    ['the Adriatic', 'Adriatic'],
    ['the Caspian', 'Caspian region'],
    ['the Red Sea coast', 'Red Sea region'],
    ['the Danube region', 'Danube region'],
    ['Amazonia', 'Amazonia'],
    ['the Pampas', 'Pampas'],
    ['the Deccan', 'Deccan'],
    ['the African Great Lakes', 'African Great Lakes'],
    ['Mesoamerica', 'Mesoamerica'],
    ['the Gulf South', 'Gulf South'],
  ] as const)
    assert.is(resolved(text), `region: ${name}`, text);
  assert.equal(regionsOf('RU', null, 'Sverdlovsk').includes('Urals'), true);
  assert.equal(regionsOf('GN', null).includes('Gulf of Guinea'), false);
  assert.equal(regionsOf('IT', null, "Valle d'Aosta").includes('Alps'), true);
  assert.equal(regionsOf('IT', null, 'Sicily').includes('Alps'), false);
  // "Red Sea" alone is still the divisions of that name; "the Great Lakes" the American ones.
  assert.is(resolved('Red Sea'), 'state: Red Sea, Sudan');
  assert.is(resolved('Great Lakes'), 'region: Great Lakes');
  // Areas across borders and metros by their other names; countries and cities by their own.
  assert.is(resolved('the Øresund region'), 'metro: Øresund Region');
  assert.is(resolved('Rhine-Neckar'), 'metro: Rhine-Neckar');
  assert.is(resolved('Ottawa-Gatineau'), 'metro: Ottawa-Gatineau');
  assert.is(resolved('Mega Manila'), 'metro: Metro Manila');
  assert.is(resolved('Cymru'), 'country: United Kingdom');
  // Countries by their names in other European languages, after a place word only.
  assert.is(placeOf('bancassurance managers in Tunisie'), 'Tunisia');
  assert.is(placeOf('nurses in ukraina'), 'Ukraine');
  assert.is(placeOf('startups in Deutschland'), 'Germany');
  assert.equal(filters('Dania Lopez designers').locations, undefined);
  assert.is(placeOf('tax lawyers in the us virgin islands'), 'U.S. Virgin Islands');
  assert.is(resolved('Misr'), 'country: Egypt');
  assert.is(resolved('eThekwini'), 'city: Durban, South Africa');
  assert.is(placeOf('charity workers in Hull'), 'Kingston upon Hull, United Kingdom');
  // "Hull" before a title is the ship's.
  assert.equal(filters('hull structural engineers in ulsan').job_titles?.include, ['Hull Structural Engineer']);
  assert.equal(regionsOf('RU', null, 'Dagestan').includes('North Caucasus'), true);
  assert.equal(regionsOf('CA', null, 'British Columbia').includes('Cascadia'), true);
  assert.equal(regionsOf('US', 'OR').includes('Cascadia'), true);
  assert.equal(regionsOf('RU', null, 'Moskva').includes('North Caucasus'), false);
  assert.is(resolved('Kingston, ON'), 'city: Kingston, Canada');
  assert.is(resolved('Perth, WA'), 'city: Perth, Australia');
  assert.is(resolved('Springfield, IL'), 'city: Springfield, Illinois, United States');
  assert.equal(filters('Engineers in Perth, WA').locations?.include, ['Perth']);
  // "on" in small letters is the preposition.
  assert.is(placeOf('nurses in london, on call'), resolvePlace('london')?.name);
  assert.is(placeOf('marketing managers in the comunitat valenciana'), 'Comunidad Valenciana, Spain');
});

test('places: islands and parts of countries by their divisions, valleys and coasts as metros', () => {
  assert.is(placeOf('nurses in the canary islands'), 'Canarias, Spain');
  assert.is(placeOf('welders in kyushu'), 'Kyushu');
  assert.is(placeOf('accountants in northern england'), 'North of England');
  assert.is(placeOf('palm oil traders in borneo'), 'Borneo');
  assert.is(placeOf('hotel managers across the mediterranean'), 'Mediterranean Basin');
  // Not "the med" ("the med device industry", "the med center").
  assert.equal(filters('sales reps in the med device industry').locations, undefined);
  assert.is(placeOf('Electricians in the Hudson Valley'), 'Hudson Valley');
  assert.is(placeOf('mining engineers hunter valley'), 'Hunter Region');
  assert.is(placeOf('nurses in north texas'), 'Dallas-Fort Worth');
  // Business regions and parts of countries people name (2026-11-29, own9).
  assert.is(placeOf('revenue operations specialists covering japac'), 'APAC');
  assert.is(placeOf('regional marketing manager in the EEA'), 'EEA');
  assert.equal(regionsOf('NO', null).includes('EEA'), true);
  assert.equal(regionsOf('CH', null).includes('EEA'), false);
  assert.is(placeOf('product managers for central canada'), 'Central Canada');
  assert.is(placeOf('investor relations covering south island'), 'South Island');
  assert.equal(regionsOf('NZ', null, 'Otago').includes('South Island'), true);
  assert.is(placeOf('crm marketing manager for northeast corridor'), 'Northeast Corridor');
  // A region of US states named with the country.
  assert.is(placeOf('senior regional sales manager near northeast us'), 'Northeast');
  assert.is(placeOf('designers in the midwest of the us'), 'Midwest');
  assert.is(placeOf('quality engineers in the yangtze river delta'), 'Yangtze River Delta');
  // A town named with its honour is also named without it.
  assert.is(placeOf('product analysts in the leamington spa area'), 'Royal Leamington Spa, United Kingdom');
  assert.equal(filters('engineers in Palm Beach').locations, undefined, 'not Royal Palm Beach, Florida');
  // Parts of continents and of the US (2026-11-29, own11).
  assert.is(placeOf('10+ years community engineers in northeast asia'), 'East Asia');
  assert.is(placeOf('western asia account manager at fintech'), 'Western Asia');
  assert.equal(regionsOf('TR', null).includes('Western Asia'), true);
  assert.equal(regionsOf('IR', null).includes('Western Asia'), false);
  assert.is(placeOf('director of people analytics based in eastern mediterranean'), 'Eastern Mediterranean');
  assert.is(placeOf('digital marketing analysts working in continental europe'), 'Continental Europe');
  assert.equal(regionsOf('GB', null).includes('Continental Europe'), false);
  assert.equal(regionsOf('FR', null).includes('Continental Europe'), true);
  assert.is(placeOf('fintech northwestern europe network engineer'), 'Northwestern Europe');
  assert.is(placeOf('tax accountant based in central us'), 'Central US');
  // A name's words joined, and a name without its "City" where "City" is not said with it.
  assert.is(placeOf('Abuse Analyst Near Dehradun Startup'), 'Dehra Dun, India');
  assert.is(placeOf('marketing managers in ajman'), 'Ajman City, United Arab Emirates');
  assert.is(placeOf('software engineers in al ain'), 'Al Ayn, United Arab Emirates');
  assert.equal(filters('engineers in Johnson').locations, undefined, 'not Johnson City, Tennessee');
  assert.equal(filters('engineers in Daly').locations, undefined, 'not Daly City, California');
  assert.equal(filters('engineers named zhu cheng').locations, undefined, 'a person, not Zhu Cheng City');
  // Borneo is a country and other countries' divisions; the North of England includes Yorkshire.
  assert.equal(regionsOf('BN', null).includes('Borneo'), true);
  assert.equal(regionsOf('MY', null, 'Sarawak').includes('Borneo'), true);
  assert.equal(regionsOf('MY', null, 'Selangor').includes('Borneo'), false);
  assert.equal(regionsOf('GB', null, 'West Yorkshire').includes('North of England'), true);
  assert.equal(regionsOf('JP', null, 'Fukuoka'), ['APAC', 'East Asia', 'Far East', 'G7', 'Kyushu']);
  // A division name two countries share is both, unless the country follows.
  assert.is(resolved('Punjab'), 'region: Punjab');
  assert.equal(regionMembers('Punjab').subdivisions, ['IN|Punjab', 'PK|Punjab']);
  assert.equal(filters('software engineers in punjab, india').locations, { include: ['Punjab, India'] });
  assert.is(placeOf('software engineers in punjab, india'), 'Punjab, India');
  // Former and short names of countries.
  assert.is(resolved('Swaziland'), 'country: Eswatini');
  assert.is(resolved('Congo-Brazzaville'), 'country: Republic of the Congo');
  assert.is(placeOf('fund administrators in cayman 4+ years'), 'Cayman Islands');
  // A city and its state or country without a comma.
  assert.equal(filters('junior copywriters based in Manchester UK').locations, { include: ['Manchester, United Kingdom'] });
  assert.is(placeOf('nurses in Paris Texas'), 'Paris, Texas, United States');
  assert.equal(filters('engineers in London and Paris').locations, { include: ['London', 'Paris'] });
  // Not a small word: "or" is no Oregon; a region holding the city's division is that city.
  assert.equal(filters('engineers in albany or syracuse').locations, { include: ['albany', 'syracuse'] });
  assert.is(placeOf('accountants in Lahore, Punjab'), resolvePlace('Lahore')?.name);
  assert.equal(filters('accountants in Lahore, Punjab').locations?.include?.length, 1);
  assert.equal(filters('ICU nurses in Riyadh').job_titles, { include: ['ICU Nurse'] });
  // The adjective alone is no place: "Mediterranean" cooks and restaurants.
  assert.equal(filters('mediterranean chefs in london').locations, { include: ['london'] });
  assert.equal(parseCompanyQuery('mediterranean restaurants in london').filters.locations, { include: ['london'] });
});

test('employers: a small city after a name that follows "at" or "ex-" ends the name; a large one is the office', () => {
  const at = (q: string) => {
    const r = parsePeopleQuery(q);
    return [r.companies.map((c) => c.text), r.filters.locations?.include];
  };
  assert.equal(at('engineers at Wells Fargo'), [['Wells Fargo'], undefined]);
  assert.equal(at('ex-Morgan Stanley analysts'), [['Morgan Stanley'], undefined]);
  assert.equal(at('field engineers at Baker Hughes in Houston'), [['Baker Hughes'], ['Houston']]);
  assert.equal(at('engineers at Google London'), [['Google'], ['London']]);
  // One institution in the singular is a name; several in the plural are the place's.
  assert.equal(at('nurses at Cleveland Clinic'), [['Cleveland Clinic'], undefined]);
  assert.equal(at('nurses at Boston Hospitals'), [[], ['Boston']]);
});

test('the parser finds these places in queries', () => {
  assert.equal(filters('implementation consultant in wrocław 5+ yrs experience').locations, { include: ['wrocław'] });
  assert.equal(filters('escalation engineer in bavaria').locations, { include: ['bavaria'] });
  assert.equal(filters('threat intelligence analysts at companies in uk&i').locations, { include: ['uk&i'] });
  const nz = filters('nz people partner');
  assert.equal([nz.job_titles, nz.locations], [{ include: ['People Partner'] }, { include: ['NZ'] }]);
  assert.equal(filters('ksa ux designers').job_titles, { include: ['UX Designer'] });
  // Short names that are also common abbreviations or words need a place word before them.
  for (const q of ['MSP sales engineers', 'CIS analysts', 'Iberia pilots', 'engineers with RSA experience'])
    assert.is(filters(q).locations, undefined, q);
  assert.equal(filters('marketing scientists in ROK').locations, { include: ['ROK'] });
  // Long Island is New York's (an area of its towns), not the Bahamas' district of that name.
  assert.is(placeOf('lead financial analysts in long island area'), 'Long Island');
  assert.is(placeOf('engineers in Long Island'), 'Long Island');
  // "for" after a search verb introduces what is sought: "Enterprise" is no town here.
  const sought = filters('looking for enterprise account executives in kansas');
  assert.equal([sought.job_titles, sought.locations], [{ include: ['Enterprise Account Executive'] }, { include: ['kansas'] }]);
});

test('stop words that open a title, title abbreviations, and "yrs+"', () => {
  assert.equal(filters('deep learning engineers near lyon').job_titles, { include: ['Deep Learning Engineer'] });
  assert.equal(filters('Employer Branding Managers in Buenos Aires').job_titles, { include: ['Employer Branding Manager'] });
  assert.equal(filters('Employee Experience Manager in Birmingham').job_titles, { include: ['Employee Experience Manager'] });
  // Elsewhere they stay stop words.
  assert.equal(filters('engineers with deep expertise in rust').job_titles, { include: ['Engineer'] });
  assert.equal(filters('dpo at least 8 years'), { job_titles: { include: ['DPO'] }, years_experience: { min: 8 } });
  assert.equal(filters('MLE out of Fort Worth').job_titles, { include: ['MLE'] });
  assert.equal(filters('providence hrbp 10 yrs+').years_experience, { min: 10 });
  assert.equal(filters('designers with 5 years+ of experience').years_experience, { min: 5 });
});

test('people queries: a town or division before "-based", a place after "based out of", the places people name by group', () => {
  assert.equal(filters('kharkiv-based qa engineers').locations?.include, ['kharkiv']);
  assert.equal(filters('sonora-based plant managers').locations?.include, ['sonora']);
  assert.equal(filters('java-based developers').locations, undefined);
  assert.equal(filters('accountants based out of Markham').locations?.include, ['Markham']);
  assert.equal(filters('Controllers Near Orange County').locations?.include, ['Orange County']);
  assert.equal(filters('plant managers in Munster province').locations?.include, ['Munster province']);
  // "Munster" alone stays Münster, the German city it was before the province was added.
  assert.is(resolved('Münster'), resolved('Muenster'));
  assert.match(resolved('Munster') ?? '', /^city: M(ü|u)nster, Germany/);
  assert.equal(filters('geologists located in siberia').locations?.include, ['siberia']);
  assert.equal(filters('VP of Sales covering NORAM').locations?.include, ['NORAM']);
});

test('a division as a field of its own between two separators, after the title', () => {
  assert.equal(filters('pricing scientists / shanxi / mandarin / fmcg or coal').locations?.include, ['shanxi']);
  assert.equal(filters('data engineers | Gauteng | hybrid').locations?.include, ['Gauteng']);
  assert.equal(filters('engineers / meta / google').locations, undefined);
  assert.equal(filters('java developers / spring / kafka').locations, undefined);
});

test('a place glued to "-headquartered", "-hq", "-located", "-registered", and a city to "-born"', () => {
  const company = (q: string) => parseCompanyQuery(q, { year: 2026 }).filters;
  assert.equal(company('Pune-headquartered fintechs').locations?.include, ['Pune']);
  assert.equal(company('Pune-headquartered fintechs').categories?.include, ['fintech', 'financial services']);
  assert.equal(company('Ohio-headquartered insurers').locations?.include, ['Ohio']);
  assert.equal(company('Lyon-born bakery chains').locations?.include, ['Lyon']);
  assert.equal(company('Lyon-born bakery chains').categories?.include, ['bakery']);
  assert.equal(filters('Lyon-born designers'), { job_titles: { include: ['Designer'] }, locations: { include: ['Lyon'] } });
  // A country before "-born" says where someone comes from, not where they are.
  assert.equal(filters('US-born engineers').locations, undefined);
  // "SF based", written apart, reads as before.
  assert.equal(company('bootstrapped SF based bookkeeping firms').locations?.include, ['SF']);
});

test('English names of cities of 100,000, capitals by name, a city before the division it names, Bohemia and Istria', () => {
  const company = (q: string) => parseCompanyQuery(q, { year: 2026 }).filters;
  // Other languages' names now reach cities of 100,000 people ("Patras" is Patra, "Heraklion" Iraklio).
  assert.match(resolved('Patras') ?? '', /^city: Patra, Greece/);
  assert.match(resolved('Heraklion') ?? '', /^city: Iraklio, Greece/);
  assert.equal(company('industrial laundry company in Patras').locations?.include, ['Patras']);
  // A capital is a place however small, at the start of a query too.
  assert.equal(company('Banjul biotech under 15 people').locations?.include, ['Banjul']);
  assert.equal(company('Banjul biotech under 15 people').categories?.include, ['biotech', 'biotechnology']);
  // "Benghazi" is the city (the gazetteer's "Banghazi") before Libya's division of that name.
  assert.match(resolved('Benghazi') ?? '', /^city: Banghazi, Libya/);
  assert.equal(company('Benghazi fintech').locations?.include, ['Benghazi']);
  // Regions of history: Bohemia by the Czech regions the gazetteer files cities under; Istria.
  assert.match(resolved('Bohemia') ?? '', /^region: Bohemia/);
  assert.equal(company('crystal glassware makers in Bohemia').locations?.include, ['Bohemia']);
  assert.equal(company('yacht building company in Istria').locations?.include, ['Istria']);
  // Istra, the Russian town, keeps its name.
  assert.match(resolved('Istra') ?? '', /^city: Istra, Russia/);
});

test('divisions by the word their country calls them, Korean provinces without "-do", names as written, "X City", UN subregions, capital areas', () => {
  const place = (q: string) => filters(q).locations?.include ?? [];
  assert.match(resolved('Krasnodar Krai') ?? '', /^state: Krasnodar, Russia/);
  assert.match(resolved('Nairobi County') ?? '', /^state: Nairobi, Kenya/);
  assert.match(resolved('Aichi Prefecture') ?? '', /^state: Aichi, Japan/);
  assert.match(resolved('Moscow Oblast') ?? '', /^state: Moskva, Russia/);
  assert.is(resolved('Kent State'), null);
  assert.equal(filters('krasnodar krai field service technician').job_titles?.include, ['Field Service Technician']);
  assert.equal(place('key account directors in nairobi county at minimum 5 years'), ['nairobi county']);
  assert.match(resolved('Gangwon') ?? '', /^state: Gangwon-do, South Korea/);
  // "Pará" as written is the Brazilian state; "para" is a word.
  assert.match(resolved('Pará') ?? '', /^state: Pará, Brazil/);
  assert.is(resolved('para'), null);
  assert.equal(place('platform product owners near pará'), ['pará']);
  // "City" says the city where the name alone is a country or state.
  assert.match(resolved('Luxembourg City') ?? '', /^city: Luxembourg, Luxembourg/);
  assert.match(resolved('Kuwait City') ?? '', /^city: Kuwait/);
  assert.equal(place('ocaml developer in luxembourg city'), ['luxembourg city']);
  assert.match(resolved('Republic of Korea') ?? '', /^country: South Korea/);
  // The United Nations' subregions.
  assert.match(resolved('Eastern Asia') ?? '', /^region: East Asia/);
  assert.match(resolved('Southern Asia') ?? '', /^region: South Asia/);
  assert.match(resolved('Northern America') ?? '', /^region: Northern America/);
  assert.equal(regionMembers('Northern America').countries.includes('MX'), false);
  // Capital areas and Trøndelag; "Seoul" alone stays the city.
  assert.match(resolved('Seoul Capital Area') ?? '', /^metro: Seoul Capital Area/);
  assert.match(resolved('Gush Dan') ?? '', /^metro: Gush Dan/);
  assert.match(resolved('Seoul') ?? '', /^city: Seoul/);
  assert.match(resolved('Trøndelag') ?? '', /^region: Trøndelag/);
});

test('"X City" of its own, and small capitals in small letters, stay as they were', () => {
  assert.is(resolved('Virginia City'), null);
  assert.is(resolved('Florida City'), null);
  assert.match(resolved('Quebec City') ?? '', /^city: Québec, Canada/);
  assert.is(filters('analysts at morgan stanley').locations, undefined);
  assert.is(parseCompanyQuery('douglas fir lumber mills', { year: 2026 }).filters.locations, undefined);
  assert.equal(parseCompanyQuery('Valletta igaming companies', { year: 2026 }).filters.locations?.include, ['Valletta']);
  // A place as the query's heading; a town's name of two capitalised words opening the query.
  assert.equal(parseCompanyQuery('Svalbard: auction houses', { year: 2026 }).filters.locations?.include, ['Svalbard']);
  assert.equal(parseCompanyQuery('Rehovot: biotech startups', { year: 2026 }).filters.locations?.include, ['Rehovot']);
  assert.equal(parseCompanyQuery('Luang Prabang hydropower startup', { year: 2026 }).filters.locations?.include, ['Luang Prabang']);
  assert.is(parseCompanyQuery('Goldman Sachs alumni startups', { year: 2026 }).filters.locations, undefined);
});

test("first-level divisions no gazetteer city is filed under are read; London's boroughs are no division", () => {
  for (const [text, region] of [
    ['Qinghai', 'Qinghai'],
    ['Flevoland', 'Flevoland'],
  ] as const) {
    const r = resolvePlace(text);
    assert.is(r?.kind, 'state', text);
    assert.is(r?.region, region, text);
  }
  // Read after a place word only, ending its phrase: some such names are words or given names.
  assert.equal(filters('astronomers in qinghai').locations?.include, ['qinghai']);
  assert.equal(filters('nurses in the waikato region').locations?.include?.length, 1);
  assert.is(filters('jewish engineers').locations, undefined);
  assert.is(filters('paola engineers').locations, undefined);
  // A contraction is no state code: "i'd" is not Idaho.
  assert.is(filters("i'd love to meet founders").locations, undefined);
  // Records of people in Greenwich or Hackney say London: a borough filter would find no one.
  for (const borough of ['Greenwich', 'Hackney', 'Southwark', 'Kensington and Chelsea'])
    assert.not.ok(resolvePlace(borough)?.kind === 'state' && resolvePlace(borough)?.countryCode === 'GB', borough);
});

test('a place the gazetteer does not know, named with a feature of the land, gets a receipt and no filter', () => {
  const unknown = (q: string) => parsePeopleQuery(q).receipts.filter((r) => r.message.includes('reads as a place'));
  assert.is(unknown('geologists in the Mahoning Valley').length, 1);
  assert.ok(unknown('foresters in the Bavarian Forest')[0]?.message.includes('"Bavarian Forest"'));
  assert.is(parsePeopleQuery('foresters in the Bavarian Forest').filters.locations, undefined);
  // Known places, a feature word alone, and a place read after "of" get none.
  assert.is(unknown('engineers in Silicon Valley').length, 0);
  assert.is(unknown('foresters in the Black Forest').length, 0);
  assert.is(unknown('engineers in the valley').length, 0);
  assert.is(unknown('leasing managers in the capital region of denmark').length, 0);
});

test('mountain ranges, deserts and seas by their own names; a group word before a longer place leaves it whole', () => {
  for (const [text, region] of [
    ['the Pyrenees', 'Pyrenees'],
    ['the Carpathians', 'Carpathians'],
    ['the Sahara', 'Sahara'],
    ['the North Sea', 'North Sea region'],
    ['the Black Sea', 'Black Sea region'],
    ['the Danube', 'Danube region'],
    ['the Korean Peninsula', 'Korean Peninsula'],
  ] as const)
    assert.is(resolvePlace(text)?.name, region, text);
  assert.is(resolvePlace('Inner Mongolia')?.region, 'Nei Mongol');
  assert.equal(parseCompanyQuery('ferry firms in the Baltic Sea region').filters.locations?.include, ['Baltic Sea region']);
  assert.equal(parseCompanyQuery('Baltic fintechs').filters.locations?.include, ['Estonia', 'Latvia', 'Lithuania']);
});

test('everyday names of countries: Down Under, stateside', () => {
  assert.equal(filters('radiographers down under').locations?.include?.length, 1);
  assert.is(resolvePlace('Down Under')?.countryCode, 'AU');
  assert.is(resolvePlace('stateside')?.countryCode, 'US');
  assert.is(filters("nurses at St Vincent's").locations, undefined);
  assert.equal(filters('symfony developers who work out of kortrijk').locations?.include, ['kortrijk']);
});

test.run();
