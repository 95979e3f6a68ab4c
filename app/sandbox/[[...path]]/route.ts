import path from "node:path";
import { env } from "@/lib/env";
import { getSandboxHost } from "@/lib/sandbox/platforms";

// Mounts the sandbox platform at /sandbox (and, with SANDBOX_PLATFORMS=2, a second platform at
// /sandbox/p2, speaking Open Delivery 2.0 unless SANDBOX_OPEN_DELIVERY says otherwise). The sandbox is a separate system (lib/sandbox); this route only hands it the raw
// request. With a real platform or an external sandbox configured there is nothing here.

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

function handle(request: Request): Response | Promise<Response> {
  if (!env.sandboxMounted) {
    return Response.json(
      { title: "Not found", status: 404 },
      { status: 404, headers: { "content-type": "application/problem+json" } },
    );
  }
  const host = getSandboxHost({
    platforms: env.SANDBOX_PLATFORMS,
    dialects: env.sandboxDialects,
    dataDir: path.join(env.DATA_DIR, "sandbox"),
    simulatorIntervalSeconds: env.SANDBOX_SIMULATOR_INTERVAL_SECONDS,
    openAroundTheClock: env.SANDBOX_OPEN_AROUND_THE_CLOCK,
    basePath: "/sandbox",
  });
  return host.fetch(request);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
