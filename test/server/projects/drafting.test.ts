import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type DraftFacts, fillTemplate, PLACEHOLDERS } from '../../../server/commands/projects/drafting.js';

const none = Object.fromEntries(PLACEHOLDERS.map((p) => [p, null])) as unknown as DraftFacts;
const facts = (given: Partial<DraftFacts>): DraftFacts => ({ ...none, ...given });

test("values are inserted verbatim: $ patterns and braces in them are text; the owner's pitch and title are filled", () => {
  const pitch = "Comp: $$$ plus equity, see $& and $' or $1";
  assert.is(fillTemplate('Hi {{first_name}}. {{pitch}} Thanks', facts({ first_name: 'Aaliyah', pitch })), `Hi Aaliyah. ${pitch} Thanks`);
  assert.is(fillTemplate('{{ project_title }}: {{pitch}}', facts({ project_title: '$`Hiring$', pitch: 'Go' })), '$`Hiring$: Go');
  // A value read from a profile is text, braces and all.
  assert.is(
    fillTemplate('Hi {{first_name}} at {{current_company}}', facts({ first_name: 'Aaliyah', current_company: '{{full_name}} & Co' })),
    'Hi Aaliyah at {{full_name}} & Co',
  );
  // The pitch and the title are the owner's words: their placeholders are the draft's.
  assert.is(
    fillTemplate(
      '{{project_title}}. {{pitch}}',
      facts({ first_name: 'Aaliyah', project_title: 'For {{first_name}}', pitch: 'It suits {{first_name}}.' }),
    ),
    'For Aaliyah. It suits Aaliyah.',
  );
});

test('a placeholder without a value goes with its linking word; a missing first name reads "there"', () => {
  const template = 'Hi {{first_name}}, I saw your work as {{current_title}} at {{current_company}}. Let us chat {{schedule_link}}';
  assert.is(fillTemplate(template, none), 'Hi there, I saw your work. Let us chat');
  assert.is(
    fillTemplate(template, facts({ first_name: 'Ana', current_title: 'CTO', current_company: 'Acme', schedule_link: 'https://x.test/s' })),
    'Hi Ana, I saw your work as CTO at Acme. Let us chat https://x.test/s',
  );
  assert.is(fillTemplate('At {{current_company}} we {{unknown}}build.', facts({})), 'we build.');
  // A linking word must be whole, in any script: "días" keeps its "as".
  assert.is(fillTemplate('Hablamos en unos días {{schedule_link}}', none), 'Hablamos en unos días');
  assert.is(fillTemplate('Trabajé con {{current_company}}', none), 'Trabajé con');
  assert.is(fillTemplate('Best,\n{{sender_first_name}}', facts({ sender_first_name: 'Jo' })), 'Best,\nJo');
});

test.run();
