import "server-only";
import pino from "pino";
import { env } from "@/lib/env";

/**
 * Structured JSON logs. Whatever is logged, credentials are censored by key, so a careless
 * `log.info({ config })` still cannot leak a token or secret.
 */
const secretKeys = [
  "clientSecret",
  "client_secret",
  "password",
  "access_token",
  "refresh_token",
  "accessToken",
  "authorization",
  "token",
  "secret",
];

export const log = pino({
  level: env.LOG_LEVEL,
  base: { service: "comanda" },
  redact: {
    paths: [...secretKeys, ...secretKeys.map((key) => `*.${key}`), ...secretKeys.map((key) => `*.*.${key}`)],
    censor: "[redacted]",
  },
});
