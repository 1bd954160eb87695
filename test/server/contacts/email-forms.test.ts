import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emailsIn } from '../../../server/contacts/emails.js';

test('addresses spelt out with underscores, "dot" in the mailbox name, CJK full stops and quotes are read', () => {
  const cases: [string, string][] = [
    ['serge.royer_at_sipescare_dot_fr', 'serge.royer@sipescare.fr'],
    ['jane_doe_at_acme_dot_co_dot_uk', 'jane_doe@acme.co.uk'],
    ['ana-at-acme-dot-com', 'ana@acme.com'],
    ['adikavi dot banerjee at mobilitylabs dot in', 'adikavi.banerjee@mobilitylabs.in'],
    ['ulberto.lotito@dubuquedickiandswaniawski。com', 'ulberto.lotito@dubuquedickiandswaniawski.com'],
    ['ana@acme｡com', 'ana@acme.com'],
    ["'winona.dibbert@spinka.com'", 'winona.dibbert@spinka.com'],
    ['‘winona.dibbert@spinka.com’', 'winona.dibbert@spinka.com'],
    ['"winona.dibbert@spinka.com"', 'winona.dibbert@spinka.com'],
  ];
  for (const [cell, email] of cases) assert.equal(emailsIn(cell), [email], cell);
  // What they are not: an apostrophe in a mailbox's name, an underscore address, words.
  assert.equal(emailsIn("o'brien@acme.com"), ["o'brien@acme.com"]);
  assert.equal(emailsIn('jane_doe@acme.com'), ['jane_doe@acme.com']);
  assert.equal(emailsIn('meet at the cafe dot'), []);
  assert.equal(emailsIn('state_at_rest_dot_notatld'), []);
  assert.equal(emailsIn('Acme。Labs'), []);
});

test.run();
