// Set-up of a user's own work (issue 25): creating, editing and deleting projects, campaigns, campaign
// keywords (with tags and keyword groups), tracked domains and domain groups; competitor suggestions; the
// audit trail. One contract for the server, the web app and OpenAPI.
import { z } from 'zod';
import { hasUnsafeCharacters } from '@core/tracked-value';
import { marketParam } from './common';

const name = (what: string) =>
  z.string().trim().min(1, `give the ${what} a name`).max(120, `a ${what} name has at most 120 characters`);

/** A tag or keyword-group label: what the filter bar and the tables show. */
export const labelText = z
  .string()
  .trim()
  .min(1, 'a label cannot be empty')
  .max(100, 'a label has at most 100 characters')
  .refine((v) => !hasUnsafeCharacters(v), 'a label cannot hold control or text-direction characters');

export const createProjectRequest = z.object({ name: name('project') });
export const updateProjectRequest = z.object({ name: name('project') });

/** 'default', a study's id ('study-…') or the number of one of the organisation's CTR models (GET /api/v1/ctr-models). */
export const ctrModelId = z
  .string()
  .trim()
  .min(1, "name a CTR model: 'default' or an id from GET /api/v1/ctr-models")
  .max(100, 'a CTR model id has at most 100 characters');

export const createCampaignRequest = z.object({
  projectId: z.number().int().positive(),
  name: name('campaign'),
  market: marketParam,
  ctrModel: ctrModelId.optional(),
});
export const updateCampaignRequest = z
  .object({
    projectId: z.number().int().positive().optional(),
    name: name('campaign').optional(),
    market: marketParam.optional(),
    ctrModel: ctrModelId.optional(),
  })
  .strict();

export const MAX_KEYWORDS_PER_REQUEST = 100_000;

export const keywordEntry = z.object({
  keyword: z
    .string()
    .trim()
    .min(1, 'a keyword cannot be empty')
    .max(500, 'a keyword has at most 500 characters'),
  searchVolume: z
    .number()
    .int('the search volume is a whole number of monthly searches')
    .min(0, 'the search volume cannot be negative')
    .max(2_000_000_000)
    .nullable()
    .optional(),
  tags: z.array(labelText).max(50, 'at most 50 tags per keyword').optional(),
  group: labelText.optional(),
});
export type KeywordEntry = z.infer<typeof keywordEntry>;

export const addKeywordsRequest = z.object({
  keywords: z
    .array(keywordEntry)
    .min(1, 'send at least one keyword')
    .max(
      MAX_KEYWORDS_PER_REQUEST,
      `send at most ${MAX_KEYWORDS_PER_REQUEST.toLocaleString('en')} keywords at once`,
    ),
});
export const addKeywordsResponse = z.object({
  /** Keywords new to the campaign. */
  added: z.number().int(),
  /** Keywords already in the campaign (their tags merged, group and volume updated when given). */
  merged: z.number().int(),
  /** The campaign's keyword count afterwards. */
  total: z.number().int(),
});

export const removeKeywordsRequest = z.object({
  keywords: z
    .array(z.string().trim().min(1))
    .min(1, 'name at least one keyword')
    .max(MAX_KEYWORDS_PER_REQUEST),
});
export const removeKeywordsResponse = z.object({
  removed: z.number().int(),
  /** Keywords named that the campaign does not hold. */
  notFound: z.array(z.string()),
  total: z.number().int(),
});

export const campaignKeywordsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  tag: labelText.optional(),
  group: labelText.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const campaignKeyword = z.object({
  keyword: z.string(),
  searchVolume: z.number().int().nullable(),
  tags: z.array(z.string()),
  group: z.string().nullable(),
});
export const campaignKeywordsResponse = z.object({
  items: z.array(campaignKeyword),
  total: z.number().int(),
});

export const marketKeywordsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  /** Leave out the keywords a campaign already holds. */
  excludeCampaign: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const marketKeywordsResponse = z.object({
  items: z.array(z.object({ keyword: z.string(), searchVolume: z.number().int().nullable() })),
  /** Keywords of the market matching the search. */
  total: z.number().int(),
});

const colour = z.string().regex(/^#[0-9a-f]{6}$/iu, 'expected a colour such as #1f77b4');
const trackedValue = z
  .string()
  .trim()
  .min(1, 'name a domain, host or host with a path, e.g. example.com')
  .max(500, 'a tracked value has at most 500 characters');

export const addDomainRequest = z.object({
  value: trackedValue,
  label: z.string().trim().min(1).max(100).optional(),
  own: z.boolean().optional(),
});
export const updateDomainRequest = z
  .object({
    value: trackedValue.optional(),
    label: z.string().trim().min(1).max(100).optional(),
    own: z.boolean().optional(),
    color: colour.optional(),
  })
  .strict();

export const domainGroupRequest = z.object({
  label: labelText,
  members: z.array(trackedValue).min(1, 'a domain group needs at least one member').max(100),
});
export const updateDomainGroupRequest = z
  .object({
    label: labelText.optional(),
    members: z.array(trackedValue).min(1, 'a domain group needs at least one member').max(100).optional(),
    color: colour.optional(),
  })
  .strict();

export const renameLabelRequest = z.object({ name: labelText });
export const labelChangeResponse = z.object({
  /** Keywords that carried the label. */
  keywords: z.number().int(),
});

export const competitorSuggestion = z.object({
  /** Registrable domain, as it would be tracked. */
  domain: z.string(),
  /** Campaign keywords it ranks for (top 100) at the latest snapshot. */
  keywords: z.number().int(),
  visibilityScore: z.number(),
  /** Visibility (%) over the campaign's keywords (DESIGN §3). */
  visibility: z.number(),
});
export const competitorSuggestionsResponse = z.object({
  /** Snapshot date the suggestions were read at; null when the campaign has no rankings yet. */
  date: z.string().nullable(),
  items: z.array(competitorSuggestion),
});

export const auditEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  userEmail: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.number().int().nullable(),
  summary: z.string(),
});
export const auditQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const auditResponse = z.object({ items: z.array(auditEvent) });

export const setupLimits = z.object({
  keywordsPerCampaign: z.number().int(),
  domainsPerCampaign: z.number().int(),
});
