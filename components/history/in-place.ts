import type { MouseEvent } from "react";

/** Changes the history's URL in place: the view fetches the new page's rows as JSON. */
export type NavigateInPlace = (href: string) => void;

/**
 * A link's click handler that, for a plain click, stays on the page and hands the link's target
 * to `navigate` (the rows are fetched as JSON, not a new page rendered on the server); a click
 * with a modifier (new tab, new window) or without `navigate` follows the link as usual.
 */
export function inPlaceClick(href: string, navigate: NavigateInPlace | undefined) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!navigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
}
