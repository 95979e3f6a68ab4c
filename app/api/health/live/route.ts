import { handler } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

/**
 * Liveness, for a load balancer or orchestrator: the process answers. It touches no database
 * (a database outage must not get every instance restarted) and says nothing else.
 */
export const GET = handler(async () => Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } }));
