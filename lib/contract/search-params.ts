/**
 * A URL's search parameters (URLSearchParams, or the record Next.js hands a page) as the plain
 * record of strings the request schemas parse: a repeated key keeps its first value, and a blank
 * one is left out (a form's empty field means "any"). The one reader of query strings: pages and
 * routes read the same query the same way.
 */
export function searchParamsRecord(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  const record: Record<string, string> = {};
  for (const [key, value] of entries) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && first.trim() !== "" && !(key in record)) record[key] = first;
  }
  return record;
}
