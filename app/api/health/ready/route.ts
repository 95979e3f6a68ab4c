import { handler } from "@/lib/api/handler";
import { readiness } from "@/lib/process/readiness";

export const dynamic = "force-dynamic";

/**
 * Readiness, for a load balancer: 200 when this instance should get requests (its database
 * answers, migrations applied, not shutting down), 503 otherwise. Only "ok" or "unavailable":
 * the details are in the log and in /api/health.
 */
export const GET = handler(async () => {
  const ready = await readiness();
  return Response.json(
    { status: ready ? "ok" : "unavailable" },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
});
