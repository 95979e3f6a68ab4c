import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, startSandboxProcess, type SandboxProcess } from "./support/sandbox-process";
import { signInCookie } from "./support/session";

/**
 * Acceptance: `kill -9` of the app after an event is stored but before it is acknowledged, then a
 * restart, leaves exactly one copy of the order on the board. Real processes: a standalone
 * sandbox, and Comanda's production server (built by the browser tests' web server) pointed at it.
 */

interface BoardSnapshot {
  orders: Array<{ id: string; displayId: string }>;
}

function startComanda(port: number, dataDir: string, sandboxUrl: string): ChildProcess {
  return spawn(
    path.join("node_modules", ".bin", "next"),
    ["start", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      stdio: "ignore",
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        DATA_DIR: dataDir,
        SANDBOX_URL: sandboxUrl,
        POLL_INTERVAL_SECONDS: "1",
        DATABASE_URL: "",
        PLATFORM_BASE_URL: "",
      },
    },
  );
}

/** Probes until the answer is defined (a failed probe counts as undefined), and returns it. */
async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  let value: T | undefined;
  await expect
    .poll(async () => (value = await probe().catch(() => undefined)), {
      message: `waiting for ${what}`,
      timeout: timeoutMs,
      intervals: [250],
    })
    .not.toBeUndefined();
  return value!;
}

test.describe("crash between storing and acknowledging", () => {
  let sandbox: SandboxProcess;
  let app: ChildProcess | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "comanda-crash-"));

  test.beforeAll(async () => {
    sandbox = await startSandboxProcess();
  });
  test.afterAll(async () => {
    app?.kill("SIGKILL");
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("kill -9, restart: exactly one copy of the order on the board", async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Signed in as the sandbox's demo kitchen (seeded once the stores are known); the session
    // lives in the database, so it outlives the kill.
    let cookie: string | undefined;
    const board = async () => {
      cookie ??= await signInCookie(base, "kitchen");
      const response = await fetch(`${base}/api/orders`, { headers: { cookie } });
      // Signed in before the demo accounts were seeded: sign in again on the next probe.
      if (response.status === 401) cookie = undefined;
      return response.ok ? ((await response.json()) as BoardSnapshot) : undefined;
    };

    // Acknowledgments fail: Comanda stores the order but the platform keeps the event.
    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "POST /v1/events/acknowledgment", errorRate: 1, errorStatus: 500 }],
    });
    // In the first store, the one the demo kitchen account works for.
    const [first] = await sandbox.control<Array<{ merchantId: string }>>("GET", "/control/merchants");
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: first?.merchantId,
    });
    app = startComanda(port, dataDir, sandbox.url);
    await waitFor("the order to be stored", async () =>
      (await board())?.orders.some((order) => order.id === orderId) ? true : undefined,
    );
    const unacknowledged = await sandbox.control<{ events: Array<{ acknowledged: boolean }> }>(
      "GET",
      `/control/orders/${orderId}`,
    );
    expect(unacknowledged.events.some((event) => !event.acknowledged)).toBe(true);

    app.kill("SIGKILL");
    await new Promise((resolve) => app!.once("exit", resolve));
    await sandbox.control("DELETE", "/control/faults");

    app = startComanda(port, dataDir, sandbox.url);
    await waitFor("the platform to receive the acknowledgment", async () => {
      const view = await sandbox.control<{ events: Array<{ acknowledged: boolean }> }>(
        "GET",
        `/control/orders/${orderId}`,
      );
      return view.events.every((event) => event.acknowledged) ? true : undefined;
    });
    const snapshot = await waitFor("the board", board);
    expect(snapshot.orders.filter((order) => order.id === orderId)).toHaveLength(1);
  });
});
