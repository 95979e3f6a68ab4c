import type { ReactNode } from "react";

const TONES = {
  success: "bg-emerald-950 text-emerald-200",
  error: "bg-red-950 text-red-200",
} as const;

/**
 * The outcome of something the person did, or why a page cannot show what it should. An error is
 * an alert (read out at once), a success a status (read out politely).
 */
export function Notice({
  tone,
  className,
  children,
}: {
  tone: keyof typeof TONES;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md px-4 py-2 text-lg font-semibold ${TONES[tone]}${className ? ` ${className}` : ""}`}
    >
      {children}
    </p>
  );
}
