// Parsing of the CLI's numeric options, with errors that say which option and what it accepts.

export function intOption(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return n;
}
