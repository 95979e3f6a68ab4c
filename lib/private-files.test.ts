import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// lib/env reads DATA_DIR once, when first imported: a data folder of this test's own, no secrets
// given, so both keys are generated into it.
const parent = await mkdtemp(path.join(os.tmpdir(), "comanda-private-"));
const dataDir = path.join(parent, "data");
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET = "";
process.env.SECRETS_KEY = "";

describe("files at rest", () => {
  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it("generates the auth secret and the secrets key into a 0700 DATA_DIR as 0600 files", async () => {
    const previous = process.umask(0o022);
    try {
      const { getAuthSecret } = await import("@/lib/auth/secret");
      const { encryptSecret, decryptSecret } = await import("@/lib/stores/secrets");
      expect(getAuthSecret().length).toBeGreaterThanOrEqual(32);
      expect(decryptSecret(encryptSecret("s3cret"))).toBe("s3cret");
    } finally {
      process.umask(previous);
    }
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir, "auth-secret"))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, "secrets.key"))).mode & 0o777).toBe(0o600);
  });
});
