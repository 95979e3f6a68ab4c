import { describe, expect, it } from "vitest";
import { backupAuthorization, backupAuthorized } from "./token";

describe("the backup token", () => {
  const secret = "the-server-auth-secret-0123456789abcdef";
  const at = new Date("2026-11-27T03:00:00Z");
  const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);

  it("is accepted from the server's secret within five minutes of its time", () => {
    const header = backupAuthorization(secret, at);
    expect(backupAuthorized(header, secret, at)).toBe(true);
    expect(backupAuthorized(header, secret, later(299))).toBe(true);
    expect(backupAuthorized(header, secret, later(-299))).toBe(true);
    expect(backupAuthorized(header, secret, later(301))).toBe(false);
  });

  it("is refused from another secret, altered, or absent", () => {
    const header = backupAuthorization(secret, at);
    expect(backupAuthorized(header, `${secret}x`, at)).toBe(false);
    expect(
      backupAuthorized(
        header.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
        secret,
        at,
      ),
    ).toBe(false);
    expect(
      backupAuthorized(
        header.replace(/\.(\d+)\./, (_, s: string) => `.${Number(s) + 1}.`),
        secret,
        at,
      ),
    ).toBe(false);
    expect(backupAuthorized(null, secret, at)).toBe(false);
    expect(backupAuthorized("Bearer something", secret, at)).toBe(false);
  });
});
