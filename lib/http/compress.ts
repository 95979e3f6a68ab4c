/**
 * Gzips a route handler's JSON answer when the client accepts gzip. `next start` compresses pages
 * but sends every route handler's answer as is (vercel/next.js#98007), and the board's snapshot is
 * the largest answer a tablet fetches (10 KB for ten orders, 180 KB at the cap). Bodies under one
 * packet are left alone: there is nothing to win. Streams (SSE) and other types pass untouched.
 */
const SMALLEST_WORTH_COMPRESSING = 1400;

export function compressJson(request: Request, response: Response): Response {
  const type = response.headers.get("content-type") ?? "";
  const length = Number(response.headers.get("content-length") ?? Number.NaN);
  if (
    !response.body ||
    !type.startsWith("application/json") ||
    response.headers.has("content-encoding") ||
    length < SMALLEST_WORTH_COMPRESSING ||
    !acceptsGzip(request.headers.get("accept-encoding"))
  )
    return response;
  const headers = new Headers(response.headers);
  headers.set("content-encoding", "gzip");
  headers.delete("content-length");
  headers.append("vary", "Accept-Encoding");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** "gzip" listed and not refused with q=0 (RFC 9110 §12.5.3). */
function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}
