// The Sightline mark: three rising bars under a sight line, drawn inline.
export function Logo({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Sightline">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-brand-6)" />
      <rect x="8" y="17" width="4" height="8" rx="1" fill="#fff" opacity="0.7" />
      <rect x="14" y="13" width="4" height="12" rx="1" fill="#fff" opacity="0.85" />
      <rect x="20" y="9" width="4" height="16" rx="1" fill="#fff" />
      <path d="M6 11.5 L26 5.5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" opacity="0.9" />
    </svg>
  );
}
