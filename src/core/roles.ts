// Roles of spec §6 and the permission flags of spec §3 derived from them. ROLE_ADMIN is Sightline's own
// role for managing the organisation's users; it grants no data access by itself.

export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_MS_ALL',
  'ROLE_CIA_ALL',
  'ROLE_CV',
  'ROLE_VE',
  'ROLE_KEYWORD_EXPLORER',
  'ROLE_REPORTS',
  'ROLE_PAGE_EXPERIENCE',
  'ROLE_CONTENT_ASSISTANT',
  'ROLE_V8_LLMENTION',
  'ROLE_CONTENT_360_ONLY',
] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  ROLE_ADMIN: 'Invite users and grant roles in the organisation',
  ROLE_MS_ALL: 'Market share: all markets',
  ROLE_CIA_ALL: 'Content insight analysis: all',
  ROLE_CV: 'Campaign and project visibility',
  ROLE_VE: 'Visibility explorer',
  ROLE_KEYWORD_EXPLORER: 'Keyword explorer',
  ROLE_REPORTS: 'Reporting: create, generate and schedule reports',
  ROLE_PAGE_EXPERIENCE: 'Technical: page experience',
  ROLE_CONTENT_ASSISTANT: 'Content 360 and Content Assistant',
  ROLE_V8_LLMENTION: 'LLM mentions',
  ROLE_CONTENT_360_ONLY: 'Content 360 only',
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Permission flags of spec §3; every flag defaults to false. */
export interface PermissionFlags {
  marketShareAll: boolean;
  contentInsightAnalysisAll: boolean;
  contentVisibility: boolean;
  visibilityExplorer: boolean;
  keywordExplorer: boolean;
  reports: boolean;
  /** The link-data permission, granted per role: true for each role the user holds. */
  linkData: Partial<Record<Role, boolean>>;
}

export function permissionFlags(roles: readonly Role[]): PermissionFlags {
  const has = (r: Role) => roles.includes(r);
  return {
    marketShareAll: has('ROLE_MS_ALL'),
    contentInsightAnalysisAll: has('ROLE_CIA_ALL'),
    contentVisibility: has('ROLE_CV'),
    visibilityExplorer: has('ROLE_VE'),
    keywordExplorer: has('ROLE_KEYWORD_EXPLORER'),
    reports: has('ROLE_REPORTS'),
    linkData: Object.fromEntries(roles.map((r) => [r, true])),
  };
}

/** True when `roles` satisfy `required` (an empty requirement is open to every signed-in user). */
export function hasRole(roles: readonly Role[], required: Role | null): boolean {
  return required === null || roles.includes(required);
}
