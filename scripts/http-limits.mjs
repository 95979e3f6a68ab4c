// The HTTP server's limits for `npm start`. `next start` creates its Node.js server without
// options and offers no setting for these, so scripts/start.mjs (before it loads Next.js) and
// scripts/http-limits-preload.mjs (loaded with `node --import` ahead of Next.js, for the browser
// tests' server) hand them to http.createServer. lib/env.ts validates the
// same variables with the same defaults (scripts/http-limits.test.ts keeps them together).

/** The defaults, in milliseconds. */
export const HTTP_LIMIT_DEFAULTS = Object.freeze({
  // A request's headers are a kilobyte or two: a client still sending them after 20 s is holding
  // a connection on purpose (slow loris). Node.js's own default is 60 s.
  HTTP_HEADERS_TIMEOUT_MS: 20_000,
  // A whole request, body included: the largest Comanda accepts (a webhook, a menu) is a few
  // megabytes at most. Node.js's own default is 300 s.
  HTTP_REQUEST_TIMEOUT_MS: 60_000,
  // A connection that neither sends nor takes a byte for this long is closed: a client that
  // stopped reading its board stream (the stream writes every 5 s otherwise), or a dead one the
  // kernel has not given up on. Node.js's default is never.
  HTTP_SOCKET_TIMEOUT_MS: 120_000,
});

const MIN_MS = 100;
const MAX_MS = 3_600_000;

/** One setting from the environment, or its default; throws a sentence naming a bad value. */
function milliseconds(env, name) {
  const raw = env[name]?.trim();
  if (!raw) return HTTP_LIMIT_DEFAULTS[name];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < MIN_MS || value > MAX_MS)
    throw new Error(
      `Invalid environment configuration:\n  - ${name}: must be a whole number of milliseconds from ${MIN_MS} to ${MAX_MS}`,
    );
  return value;
}

/**
 * The limits from the environment: http.createServer's options (Node.js checks the headers and
 * request deadlines every `connectionsCheckingInterval`, a quarter of the headers timeout here,
 * instead of every 30 s) and the idle socket timeout, set on the server.
 */
export function httpLimits(env) {
  const headersTimeout = milliseconds(env, "HTTP_HEADERS_TIMEOUT_MS");
  const requestTimeout = milliseconds(env, "HTTP_REQUEST_TIMEOUT_MS");
  if (requestTimeout < headersTimeout)
    throw new Error(
      "Invalid environment configuration:\n  - HTTP_REQUEST_TIMEOUT_MS: must be at least HTTP_HEADERS_TIMEOUT_MS (the request includes its headers)",
    );
  return {
    options: {
      headersTimeout,
      requestTimeout,
      connectionsCheckingInterval: Math.max(MIN_MS, Math.min(5_000, Math.floor(headersTimeout / 4))),
    },
    socketTimeout: milliseconds(env, "HTTP_SOCKET_TIMEOUT_MS"),
  };
}

/**
 * Makes every http.createServer of this process (Next.js's) take the limits, unless the caller
 * set them itself.
 */
export function installHttpLimits(http, env) {
  const { options: limits, socketTimeout } = httpLimits(env);
  const createServer = http.createServer;
  http.createServer = function createServerWithLimits(options, listener) {
    const [given, handler] =
      typeof options === "function" || options === undefined ? [{}, options] : [options, listener];
    const server = createServer.call(this, { ...limits, ...given }, handler);
    server.setTimeout(socketTimeout);
    return server;
  };
}
