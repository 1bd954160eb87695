import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { headerField, withHeaderNames } from '../../../server/contacts/header-names.js';
import { rowKeys, scoreCandidate } from '../../../server/contacts/matcher.js';
import { isPatronymic, patronymicOf } from '../../../server/contacts/patronymics.js';
import { personName, swappedName } from '../../../server/contacts/person-name.js';
import { alone } from '../../helpers/contact-scores.js';

const judd = {
  first_name: 'Judd',
  last_name: 'Lakin',
  current_title: 'Content Marketing Manager',
  current_company_name: 'Prosacco AI',
  location: { city: 'Charlotte', country_code: 'US' },
};
const maria = {
  first_name: 'Maria',
  last_name: 'Shevchenko',
  current_title: 'Senior UX Researcher',
  current_company_name: 'Beer, Borer and Watsica',
  location: { city: 'Kyiv', country_code: 'UA' },
};

test('patronymics are told by their endings; a patronymic is formed from the father’s given name', () => {
  for (const w of ['sergeyevich', 'aleksandrovna', 'nikolayevna', 'petrovych', 'petrivna', 'ilyich', 'abishuly'])
    assert.ok(isPatronymic(w), w);
  for (const w of ['ivan', 'petrov', 'aldrich', 'johnson', 'einarsdottir', 'ulrich', 'heinrich']) assert.not.ok(isPatronymic(w), w);
  assert.ok(patronymicOf('juddovich', 'judd'));
  assert.ok(patronymicOf('nikolayevich', 'nikolay'));
  assert.ok(patronymicOf('ivanovna', 'ivan'));
  assert.not.ok(patronymicOf('ivanovna', 'maria'));
  assert.not.ok(patronymicOf('judd', 'judd'));
  // A given name of two letters is too short a stem: "Jovanovich" is no son of a Jo.
  assert.not.ok(patronymicOf('jovanovich', 'jo'));
});

test('a ФИО family name first: the patronymic is no given name, the given name the one before it', () => {
  // A woman's ending, or the family name in capitals, says the order.
  for (const cell of ['SHEVCHENKO Maria Aleksandrovna', 'Shevchenko Maria Aleksandrovna']) {
    const n = personName({ name: cell });
    assert.is(n.first, 'maria', cell);
    assert.is(n.last, 'shevchenko', cell);
    assert.is(n.patronymic, 'aleksandrovna', cell);
  }
  assert.is(personName({ name: 'PETROV Ivan Sergeyevich' }).first, 'ivan');
  assert.is(personName({ name: 'Шевченко Мария Александровна' }).last, 'shevchenko');
  // A man's ending may be a family name ("John Paul Jovanovich"): read as written first, family
  // name first only in the other reading, and never with the patronymic as the given name.
  const lakin = personName({ name: 'Lakin Hugo Juddovich' });
  assert.is(lakin.first, 'lakin');
  const other = swappedName(lakin);
  assert.is(other?.first, 'hugo');
  assert.is(other?.last, 'lakin');
  assert.equal(other?.all, ['hugo', 'lakin']);
  assert.is(personName({ name: 'John Paul Jovanovich' }).last, 'jovanovich');
  // Between the given and the family name: set aside.
  const ivan = personName({ name: 'Ivan Sergeyevich Petrov' });
  assert.equal([ivan.first, ivan.last, ivan.all], ['ivan', 'petrov', ['ivan', 'petrov']]);
  // Azerbaijani "oglu", Kyrgyz "kyzy": the father's name and the marker.
  const aliyev = personName({ name: 'Ilham Heydar oglu Aliyev' });
  assert.equal([aliyev.first, aliyev.last], ['ilham', 'aliyev']);
  // Without a family name the given name is left, not "oglu" as a family name (second reader, 2026-11-30).
  const ali = personName({ name: 'Ali Huseyn oglu' });
  assert.not.equal(ali.last, 'oglu');
  assert.is(ali.first, 'ali');
  // A given name's column holding the patronymic too.
  assert.equal(personName({ first_name: 'Ivan Sergeyevich', last_name: 'Petrov' }).all, ['ivan', 'petrov']);
});

test('the child of a person is not that person: a patronymic of their given name is a given-name conflict', () => {
  const row = {
    name: 'LAKIN Hugo Juddovich',
    organization_names: ['Prosacco AI'],
    job_titles: ['Accounting Manager'],
    location: 'Paris, France',
  };
  const read = alone(row, judd);
  assert.ok(read.evidence.includes('first_name:conflict'), read.evidence.join());
  assert.is(read.status, 'unresolved');
  // Read with the patronymic as the given name, it still names someone else.
  const keys = rowKeys({ name: 'Lakin Hugo Juddovich' });
  const { evidence } = scoreCandidate({ ...keys, name: { ...keys.name, first: 'juddovich' } }, judd, null);
  assert.ok(evidence.some((e) => e.field === 'first_name' && e.outcome === 'conflict'));
  // The person's own ФИО is theirs.
  const own = alone(
    { name: 'SHEVCHENKO Maria Aleksandrovna', organization_names: ['Beer, Borer and Watsica'], job_titles: ['Senior UX Researcher'] },
    maria,
  );
  assert.is(own.status, 'resolved', own.evidence.join());
});

test('1C and Bitrix24 column names in Russian are read; the patronymic column is no field', () => {
  assert.is(headerField('Фамилия'), 'last_name');
  assert.is(headerField('Имя'), 'first_name');
  assert.is(headerField('ФИО'), 'name');
  assert.is(headerField('Компания'), 'organization_names');
  assert.is(headerField('Должность'), 'job_titles');
  assert.is(headerField('Отчество'), undefined);
  const row = withHeaderNames({
    Фамилия: 'Shevchenko',
    Имя: 'Maria',
    Отчество: 'Aleksandrovna',
    Компания: 'Beer, Borer and Watsica',
    Должность: 'Senior UX Researcher',
  } as never);
  assert.is(alone(row, maria).status, 'resolved');
});

test.run();
