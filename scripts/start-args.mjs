// The arguments of `next start` for `npm start`, from the environment (kept apart to be tested).
import { createRequire } from "node:module";
import { isIP } from "node:net";

/**
 * The address to listen on: BIND_ADDRESS, else HOSTNAME when it is an address (127.0.0.1, ::1) or
 * localhost — many shells and containers set HOSTNAME to the machine's name, which is not one.
 * Undefined means every interface (Next.js's default).
 */
export function bindAddress(env) {
  const explicit = env.BIND_ADDRESS?.trim();
  if (explicit) return explicit;
  const host = env.HOSTNAME?.trim();
  return host && (isIP(host) !== 0 || host === "localhost") ? host : undefined;
}

/** `next start`'s arguments: the port, and the bind address when one is set. */
export function nextStartArgs(env) {
  const host = bindAddress(env);
  return ["start", "--port", env.PORT ?? "3000", ...(host ? ["--hostname", host] : [])];
}

/**
 * The command that serves Comanda as a child process (the browser tests' server,
 * scripts/e2e-server.mjs): `next start` under Node.js with the HTTP limits preloaded
 * (scripts/http-limits-preload.mjs), as `npm start` serves it in its own process
 * (scripts/start.mjs). Run directly, not through npx or a shell, so that stopping the parent stops
 * the server and frees the port.
 */
export function nextStartCommand(env) {
  return {
    command: process.execPath,
    args: [
      "--import",
      new URL("./http-limits-preload.mjs", import.meta.url).href,
      createRequire(import.meta.url).resolve("next/dist/bin/next"),
      ...nextStartArgs(env),
    ],
  };
}
