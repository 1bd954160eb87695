import type { ToolDef } from '../tool.js';
import { accountReadTool } from './account-read.js';
import { agentSessionTool } from './agent-session.js';
import { bulkExportTool } from './bulk-export.js';
import {
  communicationActionTool,
  communicationReadTool,
  conversationReadTool,
  inboxReadTool,
  introductionReadTool,
  professionalConversationStatusTool,
} from './communications/read-tools.js';
import { sendCommunicationTool } from './communications/send-communication.js';
import { companySearchTool } from './company-search.js';
import { companySearchBatchTool } from './company-search-batch.js';
import { contactsActionTool } from './contacts-action.js';
import { discoverEmployersTool } from './discover-employers.js';
import { getProductHelpTool } from './get-product-help.js';
import { jobsSearchTool } from './jobs-search.js';
import { peopleLookupBatchTool } from './people-lookup-batch.js';
import { peopleSearchTool } from './people-search.js';
import { postsSearchTool } from './posts-search.js';
import { projectActionTool, projectReadTool } from './projects.js';
import { replaySearchResultTool } from './replay-search-result.js';
import { reportFeedbackTool } from './report-feedback.js';
import { searchCapabilitiesTool } from './search-capabilities.js';
import { serviceActionTool } from './service-action.js';
import { socialProximityStatusTool } from './social-proximity-status.js';
import { watchSignalsTool } from './watch-signals.js';

/** Every connector tool, in the order `tools/list` and /public/docs/mcp show them. */
export function allTools(): ToolDef[] {
  const tools: ToolDef[] = [];
  tools.push(
    agentSessionTool,
    searchCapabilitiesTool(() => tools),
    peopleSearchTool,
    discoverEmployersTool,
    replaySearchResultTool,
    peopleLookupBatchTool,
    companySearchTool,
    companySearchBatchTool,
    jobsSearchTool,
    postsSearchTool,
    communicationReadTool,
    inboxReadTool,
    conversationReadTool,
    introductionReadTool,
    communicationActionTool,
    projectReadTool,
    socialProximityStatusTool,
    sendCommunicationTool,
    projectActionTool,
    professionalConversationStatusTool,
    bulkExportTool,
    contactsActionTool,
    watchSignalsTool,
    getProductHelpTool(() => tools),
    accountReadTool,
    reportFeedbackTool,
    serviceActionTool,
  );
  return tools;
}
