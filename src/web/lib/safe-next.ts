// The address to return to after signing in, taken from `?next=`: only a path on this site, so that a link
// cannot send a user elsewhere after they sign in.
export function safeNext(value: string | null, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
