import type * as Http from "node:http";

/** The HTTP server's limits' defaults, in milliseconds (see the .mjs). */
export const HTTP_LIMIT_DEFAULTS: Readonly<{
  HTTP_HEADERS_TIMEOUT_MS: number;
  HTTP_REQUEST_TIMEOUT_MS: number;
  HTTP_SOCKET_TIMEOUT_MS: number;
}>;
/** http.createServer's options and the idle socket timeout, from the environment (see the .mjs). */
export function httpLimits(env: Record<string, string | undefined>): {
  options: Required<Pick<Http.ServerOptions, "headersTimeout" | "requestTimeout" | "connectionsCheckingInterval">>;
  socketTimeout: number;
};
/** Makes http.createServer give every server the limits (see the .mjs). */
export function installHttpLimits(http: typeof Http, env: Record<string, string | undefined>): void;
