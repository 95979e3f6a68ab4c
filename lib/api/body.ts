import "server-only";
import { AppError } from "@/lib/errors";

/** Requests to Comanda's API are small forms; 64 kB is far beyond any of them. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

function tooLarge(limitBytes: number): AppError {
  return new AppError(
    "payload_too_large",
    `The request body is larger than ${Math.round(limitBytes / 1024)} kB, the most this address accepts.`,
  );
}

/**
 * The request's body as text, read while it streams in and abandoned as soon as it passes
 * `limitBytes` (413), so an oversized or endless body is never held in memory whole. A declared
 * Content-Length over the limit is refused before anything is read.
 */
export async function readBodyText(request: Request, limitBytes = DEFAULT_BODY_LIMIT_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
