// What a failed set-up request says beside its field: the server's own words (for a 400, only the field
// messages, without the "invalid body:" preamble), and for a set-up limit (402) the limit it met.
import { asSentence, describeError, isApiError } from '../../api/client';

interface FieldIssue {
  field: string;
  message: string;
}

function issuesOf(details: unknown): FieldIssue[] {
  if (typeof details !== 'object' || details === null || !('issues' in details)) return [];
  const issues = (details as { issues: unknown }).issues;
  return Array.isArray(issues)
    ? issues.filter(
        (i): i is FieldIssue =>
          typeof i === 'object' && i !== null && typeof (i as FieldIssue).message === 'string',
      )
    : [];
}

/** What a 400 said about one field of the body (`name`, `market` …), or null. */
export function issueFor(error: unknown, field: string): string | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const messages = issuesOf(error.details)
    .filter((i) => i.field === field)
    .map((i) => i.message);
  return messages.length === 0 ? null : asSentence(messages.join('; '));
}

/** The message to show next to the field a request was about; null when there is no error. */
export function fieldError(error: unknown): string | null {
  if (error === null || error === undefined) return null;
  if (isApiError(error) && error.status === 400) {
    const issues = issuesOf(error.details);
    if (issues.length > 0) return asSentence(issues.map((i) => i.message).join('; '));
  }
  return describeError(error);
}

/**
 * A failed create or edit of a campaign, split by field: a 400 names its fields, a 409 is about the market
 * (it holds keywords of the old one); anything else is `other`.
 */
export function campaignFieldErrors(error: unknown): {
  market: string | null;
  name: string | null;
  project: string | null;
  other: string | null;
} {
  const market =
    issueFor(error, 'market') ?? (isApiError(error) && error.status === 409 ? fieldError(error) : null);
  const name = issueFor(error, 'name');
  const project = issueFor(error, 'projectId');
  const other = market === null && name === null && project === null ? fieldError(error) : null;
  return { market, name, project, other };
}
