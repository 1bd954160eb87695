import type { Migration } from './index.js';

/** browser sessions of the /account settings page (issue 13). */
export const accountWebSessions: Migration = {
  version: 12,
  name: 'account-web-sessions',
  sql: `
SELECT 1;
`,
};
