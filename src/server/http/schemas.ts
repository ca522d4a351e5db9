// Response-schema helpers for route definitions: the error envelope under each status a route can answer
// with, so the OpenAPI document lists them.
import { errorBody } from '@contracts/common';

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 429 | 502;

export function errors(...statuses: ErrorStatus[]): Partial<Record<ErrorStatus, typeof errorBody>> {
  return Object.fromEntries(statuses.map((s) => [s, errorBody]));
}

/** Statuses of every signed-in data route: bad input, signed out, missing role or CSRF token. */
export const guarded = [400, 401, 403] as const;
