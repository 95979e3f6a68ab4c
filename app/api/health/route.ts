import { handler } from "@/lib/api/handler";
import { getHealth } from "@/lib/integrations/health-report";

export const dynamic = "force-dynamic";

/**
 * For operators and load balancers: 200 when the database answers and every store has polled
 * successfully within 3 intervals, 503 otherwise — with the details either way.
 */
export const GET = handler(async () => {
  const health = await getHealth();
  return Response.json(health, { status: health.status === "ok" ? 200 : 503 });
});
