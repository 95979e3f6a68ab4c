/**
 * A small clock drawn inline: the "late" (amber) sign next to the colour. An emoji such as ⏱
 * is missing from many tablet fonts and shows as an empty box.
 */
export function ClockIcon({ className = "" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`inline-block size-[0.9em] align-[-0.1em] ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
    >
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2.5 2.5M9.5 2.5h5" />
    </svg>
  );
}
