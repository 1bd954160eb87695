import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { resolvePlace } from '../../query-planner/places.js';

/** The kind and name a place resolves to, or null. */
const resolved = (name: string) => {
  const r = resolvePlace(name);
  return r ? `${r.kind}:${r.name}` : null;
};

/** The places a people query names, as kind:name. */
const places = (query: string) => parsePeopleQuery(query).places.map((p) => `${p.kind}:${p.name}`);

test('historical, cultural, wine and tourist regions resolve, continent by continent', () => {
  const expected: [string, string][] = [
    ['Moravia', 'region:Moravia'],
    ['Wallachia', 'region:Wallachia'],
    ['Bukovina', 'region:Bukovina'],
    ['Thrace', 'region:Thrace'],
    ['Cappadocia', 'region:Cappadocia'],
    ['Friuli', 'region:Friuli'],
    ['Prussia', 'region:Prussia'],
    ['Galilee', 'region:Galilee'],
    ['Swabia', 'metro:Swabia'],
    ['Black Forest', 'metro:Black Forest'],
    ['Cotswolds', 'metro:Cotswolds'],
    ['South Tyrol', 'metro:South Tyrol'],
    ['Kashmir', 'region:Kashmir'],
    ['Manchuria', 'region:Manchuria'],
    ['Java', 'region:Java'],
    ['Ferghana Valley', 'region:Ferghana Valley'],
    ['Konkan', 'metro:Konkan'],
    ['Nile Delta', 'metro:Nile Delta'],
    ['Garden Route', 'metro:Garden Route'],
    ['Nordeste', 'region:Nordeste'],
    ['Cerrado', 'region:Cerrado'],
    ['Altiplano', 'region:Altiplano'],
    ['Sertão', 'metro:Sertão'],
    ['Top End', 'metro:Top End'],
    ['Riverina', 'metro:Riverina'],
    ['Hutt Valley', 'metro:Hutt Valley'],
    ['Bible Belt', 'region:Bible Belt'],
    ['Napa Valley', 'metro:Napa Valley'],
    ['Cape Cod', 'metro:Cape Cod'],
    ['Upper Peninsula', 'metro:Upper Peninsula'],
    ['Finger Lakes', 'metro:Finger Lakes'],
    ['Outer Banks', 'metro:Outer Banks'],
    ['Hill Country', 'metro:Texas Hill Country'],
  ];
  assert.equal(
    expected.map(([name]) => [name, resolved(name)]),
    expected,
  );
});

test('a region of counties holds its counties towns', () => {
  const r = resolvePlace('Cape Cod');
  assert.equal(r?.countryCode, 'US');
  assert.ok(parsePeopleQuery('nurses on Cape Cod').filters.locations?.include?.includes('Cape Cod'));
});

test('a well-known region wins over a small namesake town; a big city keeps its name', () => {
  assert.equal(resolved('Banat'), 'region:Banat');
  assert.equal(resolved('Franconia'), 'metro:Franconia');
  assert.equal(resolved('Coromandel'), 'metro:Coromandel Coast');
  assert.equal(resolved('Mato Grosso'), 'state:Mato Grosso, Brazil');
  assert.equal(resolved('Mato Grosso do Sul'), 'state:Mato Grosso do Sul, Brazil');
  assert.equal(resolved('Baja'), 'region:Baja California Peninsula');
  assert.equal(resolved('Baja California'), 'state:Baja California, Mexico');
  assert.equal(resolved('Malabar'), 'metro:Malabar');
  assert.equal(resolved('Cornwall'), 'metro:Cornwall');
  // Cities of the name stay cities, and a qualifier finds the smaller one.
  assert.equal(resolved('Kimberley'), 'city:Kimberley, South Africa');
  assert.equal(resolved('King of Prussia'), 'city:King of Prussia, Pennsylvania, United States');
  assert.equal(resolved('Napa'), 'city:Napa, California, United States');
  assert.equal(places('nurses in Cornwall, Ontario'), ['city:Cornwall, Canada']);
});

test('employers, languages and ordinary words named like a region need a place word', () => {
  assert.equal(places('engineers at Amazon'), []);
  assert.equal(places('people working in Amazon'), []);
  assert.equal(places('ecologists in the Amazon'), ['region:Amazonia']);
  assert.equal(places('java developers'), []);
  assert.equal(places('developers in Java'), []);
  assert.equal(places('5 years experience in java'), []);
  assert.equal(places('accountants in Java'), ['region:Java']);
  assert.equal(places('managers at Outback Steakhouse'), []);
  assert.equal(places('nurses in the outback'), ['metro:Outback']);
  assert.equal(places('pipeline engineers at Panhandle Eastern'), []);
  assert.equal(places('engineers in the Panhandle'), ['metro:Panhandle']);
  assert.equal(places('sonoma wineries'), []);
  assert.equal(places('winemakers in Sonoma'), ['metro:Sonoma']);
  assert.equal(places('hotel managers on the Riviera'), ['metro:French Riviera']);
  assert.equal(places('thumb injury specialists'), []);
  assert.equal(places('rust belt engineers'), ['region:Rust Belt']);
  assert.equal(places('Rust developers'), []);
});

test.run();
