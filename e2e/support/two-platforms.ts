import { createTestDatabase, type TestDatabase } from "./database";
import { startSandboxProcess, type LoggedRequest, type SandboxProcess } from "./sandbox-process";

// Issue 28's integration tests over real HTTP: one sandbox process hosting two platforms (the
// first at /, the second at /p2) and a fresh PGlite database.

export const PLATFORM_PATHS = ["", "/p2"] as const;

export interface TwoPlatforms {
  sandbox: SandboxProcess;
  database: TestDatabase;
  /** Calls one platform's control API (0: the first, 1: the second). */
  control<T>(platform: number, method: string, path: string, body?: unknown): Promise<T>;
  /** One platform's request log, for a path. */
  requests(platform: number, path: string): Promise<LoggedRequest[]>;
  stop(): Promise<void>;
}

export async function startTwoPlatforms(): Promise<TwoPlatforms> {
  const [sandbox, database] = await Promise.all([startSandboxProcess({ platforms: 2 }), createTestDatabase("pglite")]);
  const control = <T>(platform: number, method: string, path: string, body?: unknown) =>
    sandbox.control<T>(method, `${PLATFORM_PATHS[platform]}${path}`, body);
  return {
    sandbox,
    database,
    control,
    requests: (platform, path) =>
      control<LoggedRequest[]>(platform, "GET", `/control/requests?path=${encodeURIComponent(path)}`),
    stop: async () => void (await Promise.all([sandbox.stop(), database.destroy()])),
  };
}
