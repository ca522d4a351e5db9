// The GET requests sent before the app asks for them (app/early-boot.ts), by address, each handed to the first
// apiRequest (client.ts) for the same address. Free of zod and of the rest of the app, so that the early
// entry that sends them runs while the main bundle is still being compiled.
import type { z } from 'zod';

/** A random request id of 16 lower-case hex characters (8 random bytes). */
export function newRequestId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An early answer not asked for within this many milliseconds is not used (the app asks afresh). */
export const EARLY_TTL_MS = 10_000;

interface EarlyRequest {
  requestId: string;
  /** ms since epoch. */
  sentAt: number;
  response: Promise<Response>;
}

/** GET requests sent before the app's code ran, by address; each is handed to the first apiRequest for it. */
const early = new Map<string, EarlyRequest>();

/** A GET of `url` with its request id, as the early requests are sent (and a failed one sent again). */
export function sendGet(url: string, requestId: string, signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: 'GET',
    headers: { Accept: 'application/json', 'X-Request-Id': requestId },
    credentials: 'same-origin',
    signal,
  });
}

/**
 * Sends GET requests now, before any screen asks for them (the boot of app/early-requests.ts), so the
 * session check and a screen's first data travel while the app's code is still being evaluated.
 */
export function sendEarlyRequests(urls: readonly string[], now: number = Date.now()): void {
  for (const url of urls) {
    if (early.has(url)) continue;
    const requestId = newRequestId();
    const response = sendGet(url, requestId);
    // A failed early request is sent again by the apiRequest that takes it.
    response.catch(() => undefined);
    early.set(url, { requestId, sentAt: now, response });
  }
}

/**
 * Early requests whose addresses depend on other early answers: an apiRequest for an address under a pending
 * prefix waits until those are sent (a few ms after the answers they depend on), so that it takes the early
 * request instead of sending the same one again.
 */
const pendingEarly = new Map<string, Promise<void>>();

/** Sends `urls` once known; the promise settles when they are sent (or the list failed). */
export function sendEarlyRequestsLater(prefix: string, urls: Promise<readonly string[]>): Promise<void> {
  const sent = urls.then(
    (list) => sendEarlyRequests(list),
    () => undefined,
  );
  const before = pendingEarly.get(prefix) ?? Promise.resolve();
  pendingEarly.set(
    prefix,
    Promise.all([before, sent]).then(() => undefined),
  );
  return sent;
}

/** Waits for the pending early requests whose prefix `url` starts with; null when none are pending. */
export function earlySettled(url: string): Promise<void> | null {
  return pendingEarly.size === 0 ? null : settled(url);
}

async function settled(url: string): Promise<void> {
  for (const [prefix, pending] of pendingEarly) if (url.startsWith(prefix)) await pending;
}

/**
 * The body of an early request's successful answer, read from a copy (the answer stays for the apiRequest
 * that takes it); null when there is none, it failed, or it does not match `schema`.
 */
export async function peekEarly<T>(url: string, schema: z.ZodType<T>): Promise<T | null> {
  const found = early.get(url);
  if (found === undefined) return null;
  try {
    const response = (await found.response).clone();
    if (!response.ok) return null;
    const parsed = schema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Forgets every early request (their answers are then never used). */
export function dropEarlyRequests(): void {
  early.clear();
  pendingEarly.clear();
}

/** The early request for `url` if one was sent within EARLY_TTL_MS; taking it removes it. */
export function takeEarly(url: string): EarlyRequest | null {
  const found = early.get(url);
  if (found === undefined) return null;
  early.delete(url);
  return Date.now() - found.sentAt <= EARLY_TTL_MS ? found : null;
}
