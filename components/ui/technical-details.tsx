import type { ReactNode } from "react";

/**
 * The part of a page a restaurant manager need not read (ids, addresses, credentials, the
 * platform's own words), collapsed under one plain summary ("Detalhes técnicos"): still there
 * for support or the platform's onboarding, never the first thing on the page. `data-technical`
 * marks it for the browser tests that check the rest of the page reads without a glossary.
 */
export function TechnicalDetails({
  summary,
  children,
  className = "",
}: {
  summary: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <details data-technical className={`group text-base text-zinc-300 ${className}`}>
      {/* A flex summary loses the browser's triangle: this one (CSS, not text) turns when it opens. */}
      <summary className="flex min-h-12 cursor-pointer items-center gap-2 font-semibold text-zinc-300 before:inline-block before:transition-transform before:content-['▸'] group-open:before:rotate-90">
        {summary}
      </summary>
      <div className="flex flex-col gap-3 pt-1">{children}</div>
    </details>
  );
}

/**
 * A form's `onInvalid` (capture): a required field inside a closed <details> cannot take focus
 * or show its message, so the form could not be sent and would not say why. Opening the
 * section first lets the browser point at the field.
 */
export function openDetailsOfInvalid(event: { target: EventTarget }): void {
  if (event.target instanceof HTMLElement) {
    const details = event.target.closest("details");
    if (details && !details.open) details.open = true;
  }
}
