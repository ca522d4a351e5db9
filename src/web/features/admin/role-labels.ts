// Short column labels for the roles of spec §6; the full role name and its description go in tooltips.
import type { Role } from '@core/roles';

export const ROLE_SHORT_LABELS: Record<Role, string> = {
  ROLE_ADMIN: 'Admin',
  ROLE_MS_ALL: 'Market share',
  ROLE_CIA_ALL: 'Content insight',
  ROLE_CV: 'Campaign visibility',
  ROLE_VE: 'Visibility explorer',
  ROLE_KEYWORD_EXPLORER: 'Keyword explorer',
  ROLE_REPORTS: 'Reports',
  ROLE_PAGE_EXPERIENCE: 'Page experience',
  ROLE_CONTENT_ASSISTANT: 'Content assistant',
  ROLE_V8_LLMENTION: 'LLM mentions',
  ROLE_CONTENT_360_ONLY: 'Content 360 only',
};
