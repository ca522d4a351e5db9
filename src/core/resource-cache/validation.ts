// Validation of spec §5 for the resource cache: endpoint definitions, request parameters (with the exact
// messages of the specification), the cache's own assertions, and parameter comparison and request ids.
import { PARAM_TYPES, type Endpoint, type Params } from './types';

/** A request's parameters do not fit the endpoint (spec §5). */
export class ResourceParamsError extends Error {
  override name = 'ResourceParamsError';
}

/** The cache was used against its rules (unknown endpoint, key reused, dangling reference …). */
export class ResourceAssertionError extends Error {
  override name = 'ResourceAssertionError';
}

export function missingParamsMessage(endpointId: string, missing: readonly string[]): string {
  return `Trying to fetch a resource ${endpointId}, but some parameters (${missing.join(', ')}) are missing`;
}
export const UNKNOWN_PARAMS_MESSAGE = 'the request contained non-existent parameters';
export const WRONG_TYPES_MESSAGE = 'some provided parameters are wrong types';

/** Spec §5: every parameter needs a name and a valid type. */
export function checkEndpointDefinition(e: Endpoint): void {
  for (const p of e.paramDefinitions) {
    if (typeof p.name !== 'string' || p.name === '') {
      throw new ResourceAssertionError(`endpoint ${e.endpointId}: every parameter needs a name`);
    }
    if (!PARAM_TYPES.includes(p.type)) {
      throw new ResourceAssertionError(
        `endpoint ${e.endpointId}: parameter ${p.name} has type ${String(p.type)}, not VALUE, ARRAY or MAP`,
      );
    }
  }
}

/** A parameter given as undefined counts as absent. */
function present(params: Params, name: string): boolean {
  return Object.hasOwn(params, name) && params[name] !== undefined;
}

function isMap(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The first rule of spec §5 a request breaks, as its message, or null: all required parameters present, no
 * unknown parameters, ARRAY arrays, MAP objects, VALUE number, boolean, string or null.
 */
export function paramsError(e: Endpoint, params: Params): string | null {
  const missing = e.paramDefinitions.filter((p) => p.required && !present(params, p.name)).map((p) => p.name);
  if (missing.length > 0) return missingParamsMessage(e.endpointId, missing);
  const known = new Set(e.paramDefinitions.map((p) => p.name));
  if (Object.keys(params).some((k) => present(params, k) && !known.has(k))) return UNKNOWN_PARAMS_MESSAGE;
  const wrong = e.paramDefinitions.some((p) => {
    if (!present(params, p.name)) return false;
    const v = params[p.name];
    switch (p.type) {
      case 'ARRAY':
        return !Array.isArray(v);
      case 'MAP':
        return !isMap(v);
      case 'VALUE':
        return !(v === null || ['number', 'boolean', 'string'].includes(typeof v));
    }
  });
  return wrong ? WRONG_TYPES_MESSAGE : null;
}

export function checkParams(e: Endpoint, params: Params): void {
  const message = paramsError(e, params);
  if (message !== null) throw new ResourceParamsError(message);
}

/** A stable text for comparing parameter sets: object keys sorted, undefined dropped, arrays in order. */
export function canonicalParams(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalParams).join(',')}]`;
  if (isMap(value)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalParams(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function sameParams(a: Params, b: Params): boolean {
  return canonicalParams(a) === canonicalParams(b);
}

/** The parameters under their URL names, for the request (absent ones left out). */
export function urlParams(e: Endpoint, params: Params): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of e.paramDefinitions) if (present(params, p.name)) out[p.urlName] = params[p.name];
  return out;
}

/** Spec §7/§9: a request id is 16 hex characters. */
export function isRequestId(id: string): boolean {
  return /^[0-9a-f]{16}$/u.test(id);
}

/** A request id from 8 random bytes (the caller draws them, e.g. crypto.getRandomValues). */
export function requestIdFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 8) throw new RangeError('a request id needs 8 random bytes');
  return [...bytes.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
