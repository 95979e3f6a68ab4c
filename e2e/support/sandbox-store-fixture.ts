import { afterAll, beforeAll } from "vitest";
import { startSandboxStore, type SandboxStoreFixture } from "./store-connection";

/**
 * For a Vitest describe block: a sandbox process, a PGlite database and the sandbox's first
 * merchant connected to it, started before the block's tests and stopped after them. Read the
 * fields inside tests (they are set once the block starts).
 */
export function useSandboxStore(options: { tokenTtlSeconds?: number } = {}): SandboxStoreFixture {
  const fixture = {} as SandboxStoreFixture;
  beforeAll(async () => void Object.assign(fixture, await startSandboxStore(options)));
  afterAll(async () => fixture.stop?.());
  return fixture;
}
