import "server-only";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { instanceId } from "@/lib/process/instance";
import { processSingleton } from "@/lib/process/singleton";

/** Prometheus metrics of this process, served at GET /api/metrics. */
function createMetrics() {
  const registry = new Registry();
  // Which instance answered, when several share a database (INSTANCE_ID). Named instance_id: the
  // scraper sets `instance` itself (the scraped address) and would rename ours.
  registry.setDefaultLabels({ instance_id: instanceId() });
  return {
    registry,
    polls: new Counter({
      name: "comanda_polls_total",
      help: "Poll rounds of a platform connection's events (all its stores), by outcome",
      labelNames: ["connection", "outcome"],
      registers: [registry],
    }),
    eventsIngested: new Counter({
      name: "comanda_events_ingested_total",
      help: "New platform events stored",
      labelNames: ["store"],
      registers: [registry],
    }),
    eventsRefused: new Counter({
      name: "comanda_events_refused_total",
      help: "Platform events whose order is of no store of the delivering connection, acknowledged and not stored",
      labelNames: ["connection"],
      registers: [registry],
    }),
    eventsQuarantined: new Counter({
      name: "comanda_events_quarantined_total",
      help: "Platform events that could not be stored, kept as blobs and acknowledged",
      labelNames: ["store"],
      registers: [registry],
    }),
    acknowledgmentFailures: new Counter({
      name: "comanda_acknowledgment_failures_total",
      help: "Acknowledgment requests the platform did not accept",
      labelNames: ["connection"],
      registers: [registry],
    }),
    actionDuration: new Histogram({
      name: "comanda_action_duration_seconds",
      help: "Time from an order action's request to its answer, retries included",
      labelNames: ["action", "outcome"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers: [registry],
    }),
    sseClients: new Gauge({ name: "comanda_sse_clients", help: "Open board streams", registers: [registry] }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// One registry per process, shared by every Next.js module graph.
export function metrics(): Metrics {
  return processSingleton("metrics", createMetrics);
}
