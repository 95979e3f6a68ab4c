import { handler } from "@/lib/api/handler";
import { getHealth } from "@/lib/sync/health";

export const dynamic = "force-dynamic";

/** Liveness for operators and load balancers: 200 when the database answers, 503 otherwise. */
export const GET = handler(async () => {
  const health = await getHealth();
  return Response.json(health, { status: health.database === "ok" ? 200 : 503 });
});
