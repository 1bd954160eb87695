/**
 * What a parser recognised, item by item: the kind, the words of the query and what they were
 * read as. The schema is the one declaration: responses that show recognised items use it, and
 * the type is derived from it.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const recognizedItemSchema = {
  type: 'object',
  required: ['kind', 'text', 'value'],
  properties: {
    kind: { type: 'string' },
    text: { type: 'string', description: 'The words of the query.' },
    value: { description: 'What they were read as (any JSON value, by kind).' },
  },
} as const;

export type RecognizedItem = FromSchema<typeof recognizedItemSchema>;
