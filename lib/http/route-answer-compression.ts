import { ServerResponse } from "node:http";

let installed = false;

/**
 * Lets Next.js's own compression reach what route handlers answer. Next.js 16 copies a route
 * handler's headers onto the Node.js response as arrays (`["application/json"]`), and its
 * compression middleware only compresses when Content-Type is a string, so every JSON answer went
 * out plain (vercel/next.js#98007; the fix, #98044, is unreleased). Handlers cannot gzip for
 * themselves: Next.js drops a Content-Encoding they set. So a one-value Content-Type array is
 * stored as its value. Remove once Next.js ships the fix.
 */
export function installRouteAnswerCompression(): void {
  if (installed) return;
  installed = true;
  const setHeader = ServerResponse.prototype.setHeader;
  ServerResponse.prototype.setHeader = function (name, value) {
    const single = Array.isArray(value) && value.length === 1 && name.toLowerCase() === "content-type";
    return setHeader.call(this, name, single ? value[0]! : value);
  };
}
