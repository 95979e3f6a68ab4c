/**
 * A page's dynamic segment as it was meant. Next.js hands a page (unlike a route handler) its
 * params still percent-encoded (vercel/next.js#64952), so an own order's id "own:…", linked as
 * "own%3A…", reached the order's page encoded and found nothing (404). Decoded once here; a
 * malformed escape gives null, which the page answers with 404.
 */
export function decodedPageParam(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
