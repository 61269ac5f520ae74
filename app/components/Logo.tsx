/** Three barrels of a cloverleaf pattern. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <rect width="32" height="32" rx="8" fill="#843f19" />
      <circle cx="16" cy="9" r="4" fill="#f8e6cf" />
      <circle cx="9" cy="21" r="4" fill="#f8e6cf" />
      <circle cx="23" cy="21" r="4" fill="#f8e6cf" />
    </svg>
  );
}
