/** Turnbook mark: a calendar page with a check. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="3" y="6" width="26" height="23" rx="5" fill="#00838f" />
      <rect x="3" y="6" width="26" height="7" rx="3" fill="#006064" />
      <rect x="9" y="3" width="3" height="7" rx="1.5" fill="#006064" />
      <rect x="20" y="3" width="3" height="7" rx="1.5" fill="#006064" />
      <path d="M10 20.5l4 4 8-9" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
