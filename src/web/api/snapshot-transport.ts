// The data snapshot of a generated report's print page (features/reports/print): in capture mode every GET
// answer the page's widgets read is recorded by address, for the server's Chromium to take as the snapshot;
// in replay mode GET requests are answered from a stored snapshot and nothing is read from the server (an
// address the snapshot lacks is an error naming it). Off everywhere else; apiRequest (client.ts) consults it.

type Mode =
  | { kind: 'off' }
  | { kind: 'capture'; answers: Record<string, unknown> }
  | { kind: 'replay'; answers: Record<string, unknown>; missing: string[] };

let mode: Mode = { kind: 'off' };

/** Records every GET answer from now on; the record is `window.__sightlineCapture` for the server's Chromium. */
export function startCapture(): void {
  const answers: Record<string, unknown> = {};
  mode = { kind: 'capture', answers };
  (window as unknown as { __sightlineCapture: Record<string, unknown> }).__sightlineCapture = answers;
}

/** Answers GET requests from `answers` (address → body) from now on. */
export function startReplay(answers: Record<string, unknown>): void {
  mode = { kind: 'replay', answers, missing: [] };
}

/** In replay mode, the addresses read that the snapshot lacks (the page cannot be drawn as stored). */
export function replayMisses(): readonly string[] {
  return mode.kind === 'replay' ? mode.missing : [];
}

export function stopSnapshotTransport(): void {
  mode = { kind: 'off' };
}

/** In replay mode: `{ body }` for an address in the snapshot, `{ missing: true }` for one not in it; else null. */
export function replayed(url: string): { body: unknown } | { missing: true } | null {
  if (mode.kind !== 'replay') return null;
  if (Object.hasOwn(mode.answers, url)) return { body: mode.answers[url] };
  mode.missing.push(url);
  return { missing: true };
}

/** In capture mode, keeps a successful GET answer. */
export function recordAnswer(url: string, body: unknown): void {
  if (mode.kind === 'capture') mode.answers[url] = body;
}
