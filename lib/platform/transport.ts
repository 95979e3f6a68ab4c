import "server-only";
import http from "node:http";
import https from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { encodedOriginal, storableJson } from "@/lib/contract/storable-text";
import { checkLiteralHost, guardedLookup } from "./address-guard";
import { PlatformError } from "./errors";
import { instanceId } from "@/lib/process/instance";

/** Names the instance, so a platform's (or the sandbox's) request log tells which one called. */
const userAgent = () => `Comanda (${instanceId()})`;

export interface PlatformRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** For the whole exchange: connecting, sending, and receiving the answer to its last byte. */
  timeoutMs: number;
  /** The most the answer may hold, compressed or not (MAX_ANSWER_BYTES when not given). */
  maxBytes?: number;
}

/** The platform's answer, read in full: what callers of the Fetch API's Response used of it. */
export interface PlatformResponse {
  readonly status: number;
  readonly ok: boolean;
  text(): Promise<string>;
  json(): Promise<unknown>;
  /** As json(), with the answer's original JSON text (storable) when cleaning it changed anything. */
  storableJson(): Promise<{ value: unknown; original: string | null }>;
}

// Node's own HTTP client with kept-alive connections rather than fetch: a poll reads up to 1000
// orders' details one request each, and fetch (undici's Request, Response and web streams, and an
// AbortSignal per call) spent about twice the CPU per request, on the thread that also runs the
// board and, with PGlite, the database. The agent lets a connection go a second before the
// server's announced keep-alive timeout; a request that still meets a connection closed under it
// is sent once more (nothing reached the server).
/**
 * The most an answer may hold, compressed or not. A poll of 1000 events is about half a
 * megabyte; a platform that sends more than this is broken or hostile, and buffering it would
 * take the memory of the process that serves the kitchen.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

const TOO_LARGE = Symbol.for("comanda.AnswerTooLargeError");

/**
 * An answer larger than its limit: read no further and never parsed, so a hostile platform's
 * enormous body costs at most the limit in memory. A platform that sends it is broken or hostile:
 * asking again would get the same.
 */
export class AnswerTooLargeError extends PlatformError {
  // PlatformError is recognised across module copies by a symbol; so is this one.
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && TOO_LARGE in value;
  }

  readonly [TOO_LARGE] = true;

  constructor(
    readonly limitBytes: number,
    status: number | undefined,
  ) {
    super(`The platform's answer is larger than ${describeBytes(limitBytes)}`, status);
  }
}

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

const agents = {
  "http:": new http.Agent({ keepAlive: true, lookup: guardedLookup }),
  "https:": new https.Agent({ keepAlive: true, lookup: guardedLookup }),
};

/** A request with a timeout, turning network failures into PlatformError. Never follows redirects. */
export async function platformFetch(url: string, init: PlatformRequestInit): Promise<PlatformResponse> {
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:")
    throw new PlatformError(`Unsupported URL: ${target.protocol}`, undefined);
  try {
    checkLiteralHost(target.hostname);
  } catch (error) {
    throw new PlatformError(`No answer from the platform: ${describe(error)}`, undefined);
  }
  const deadline = Date.now() + init.timeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await exchange(target, init, Math.max(1, deadline - Date.now()));
      // The BFF talks only to the configured host; a redirect elsewhere is an error.
      if (response.status >= 300 && response.status < 400) {
        throw new PlatformError(
          `The platform answered with a redirect (HTTP ${response.status}); redirects are not followed`,
          response.status,
        );
      }
      return response;
    } catch (error) {
      if (error instanceof PlatformError) throw error;
      if (attempt === 1 && error instanceof StaleConnectionError) continue;
      const reason = error instanceof TimeoutError ? `timed out after ${init.timeoutMs} ms` : describe(error);
      throw new PlatformError(`No answer from the platform: ${reason}`, undefined);
    }
  }
}

class TimeoutError extends Error {}
/** A kept-alive connection the server had closed: the request never reached it. */
class StaleConnectionError extends Error {}

function exchange(target: URL, init: PlatformRequestInit, timeoutMs: number): Promise<PlatformResponse> {
  const body = init.body === undefined ? undefined : Buffer.from(init.body.toString());
  const headers: Record<string, string> = { accept: "application/json", "user-agent": userAgent(), ...init.headers };
  if (body) headers["content-length"] = String(body.length);
  const transport = target.protocol === "https:" ? https : http;
  const limit = init.maxBytes ?? MAX_ANSWER_BYTES;
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = transport.request(
      target,
      { method: init.method ?? "GET", headers, agent: agents[target.protocol as "http:"], lookup: guardedLookup },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size <= limit) return void chunks.push(chunk);
          clearTimeout(timer);
          reject(new AnswerTooLargeError(limit, response.statusCode));
          request.destroy();
        });
        response.on("end", () => {
          clearTimeout(timer);
          try {
            resolve(
              new BufferedResponse(
                response.statusCode ?? 0,
                decoded(Buffer.concat(chunks), response.headers["content-encoding"], limit, response.statusCode),
              ),
            );
          } catch (error) {
            reject(error as Error);
          }
        });
        response.on("error", fail);
        response.on(
          "close",
          () => response.complete || fail(new Error("the connection closed before the answer was complete")),
        );
      },
    );
    const timer = setTimeout(() => request.destroy(new TimeoutError()), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      request.destroy();
      const code = (error as NodeJS.ErrnoException).code;
      reject(
        !answered && request.reusedSocket && (code === "ECONNRESET" || code === "EPIPE")
          ? new StaleConnectionError(code)
          : error,
      );
    }
    request.on("error", fail);
    request.end(body);
  });
}

/** We ask for no compression, but a server may compress anyway (fetch would have decoded it). */
function decoded(body: Buffer, encoding: string | undefined, limit: number, status: number | undefined): Buffer {
  const bounded = { maxOutputLength: limit };
  try {
    switch ((encoding ?? "").trim().toLowerCase()) {
      case "gzip":
      case "x-gzip":
        return gunzipSync(body, bounded);
      case "deflate":
        return inflateSync(body, bounded);
      case "br":
        return brotliDecompressSync(body, bounded);
      default:
        return body;
    }
  } catch (error) {
    // A compressed bomb: it would unpack past the limit.
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw new AnswerTooLargeError(limit, status);
    throw error;
  }
}

class BufferedResponse implements PlatformResponse {
  constructor(
    readonly status: number,
    private readonly body: Buffer,
  ) {}

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  async text(): Promise<string> {
    // As the Fetch API decodes: UTF-8, a leading byte-order mark dropped.
    return this.body.toString("utf8").replace(/^\uFEFF/, "");
  }

  /** Parsed, with every string made storable: NUL and lone surrogates never get past the platform's boundary. */
  async json(): Promise<unknown> {
    return (await this.storableJson()).value;
  }

  async storableJson(): Promise<{ value: unknown; original: string | null }> {
    const parsed: unknown = JSON.parse(await this.text());
    const { value, changed } = storableJson(parsed);
    return { value, original: changed ? encodedOriginal(parsed) : null };
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const { code, cause } = error as Error & { code?: string; cause?: { code?: string; message?: string } };
    return code ?? cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
