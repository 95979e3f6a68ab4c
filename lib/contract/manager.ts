import { z } from "zod";
import { moneySchema } from "./board";

/**
 * What the back-office pages receive in the browser: operations, connection checks, parked
 * order retries and the test order. (Integration settings sent are in integration-settings.ts.)
 */

export const POLLER_STATES = ["running", "backingOff", "failing", "stopped"] as const;
export type PollerState = (typeof POLLER_STATES)[number];

const storeOperationsSchema = z.object({
  /** The channel's id (issue 28: one entry per channel). */
  id: z.string(),
  /** Its restaurant's id and name, its label and its platform's name. */
  storeId: z.string(),
  label: z.string(),
  platform: z.string(),
  name: z.string(),
  polling: z.boolean(),
  lastPollAt: z.string().nullable(),
  lastSuccessfulPollAt: z.string().nullable(),
  lagSeconds: z.number().nullable(),
  consecutiveFailures: z.number(),
  parkedOrders: z.number(),
  deferredOrders: z.number(),
  lastError: z.string().nullable(),
  healthy: z.boolean(),
  state: z.enum(POLLER_STATES),
  /** Why a stopped store is stopped. */
  stoppedBecause: z.enum(["disabled", "syncOff", "notStarted"]).nullable(),
  intervalSeconds: z.number(),
  nextPollAt: z.string().nullable(),
  parked: z.array(
    z.object({ id: z.string(), displayId: z.string(), placedAt: z.string(), error: z.string().nullable() }),
  ),
  /** Events that could not be stored, newest first. */
  quarantined: z.array(
    z.object({
      id: z.number(),
      eventId: z.string(),
      orderId: z.string().nullable(),
      reason: z.string(),
      receivedAt: z.string(),
    }),
  ),
  /**
   * What its platform's discovery manifest last said (issue 29); null before the first read.
   * dialect null: inactive (no manifest ever worked, the last refused).
   */
  discovery: z
    .object({
      dialect: z.string().nullable(),
      state: z.enum(["read", "missing", "invalid", "unsupportedVersion", "unreachable"]),
      problem: z.string().nullable(),
      operations: z.array(z.string()).nullable(),
      /** How it keeps the catalogue in sync (its manifest's catalogSyncModel); null: not declared. */
      catalogSyncModel: z.enum(["PULL", "PUSH_FULL", "PUSH_CRUD"]).nullable().optional(),
      checkedAt: z.string(),
      readAt: z.string().nullable(),
    })
    .nullable()
    .optional(),
  recentErrors: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(["poll", "ack", "details", "internal", "webhook"]),
      message: z.string(),
      orderId: z.string().optional(),
      /** Identical consecutive errors share one entry: how many, since when. */
      count: z.number().int().positive(),
      since: z.string(),
    }),
  ),
});
export type StoreOperations = z.infer<typeof storeOperationsSchema>;

/**
 * Why polling has not started, as a code: the anonymous health answer and Operations carry only
 * this, never an exception's text (which can hold SQL, addresses or customer data); the full error
 * is in the server's log.
 */
export const syncStartErrorSchema = z.enum(["stores_unresolved", "start_failed"]);
export type SyncStartError = z.infer<typeof syncStartErrorSchema>;

/** GET /api/manager/operations */
export const operationsSchema = z.object({
  stores: z.array(storeOperationsSchema),
  syncError: syncStartErrorSchema.nullable(),
  /** The server's clock when it answered: relative times are counted from it, not the tablet's clock. */
  generatedAt: z.string(),
});
export type Operations = z.infer<typeof operationsSchema>;

/** POST /api/manager/stores/{id}/parked/retry: one order, or every parked order of the store. */
export const parkedRetryRequestSchema = z.strictObject({ orderId: z.string().min(1).max(100).optional() });
export const parkedRetryAnswerSchema = z.object({
  results: z.array(z.object({ orderId: z.string(), healed: z.boolean(), error: z.string().nullable() })),
});

/** POST /api/manager/stores/{id}/quarantine/retry: one quarantined event through ingest again. */
export const quarantineRetryRequestSchema = z.strictObject({ id: z.number().int().min(1).max(2_147_483_647) });
export const quarantineRetryAnswerSchema = z.object({
  outcome: z.enum(["stored", "quarantined", "deferred", "unreadable"]),
  reason: z.string().optional(),
});

/** Why a connection check failed, as a code the page turns into a sentence (messages `integrations.problem`). */
export const PROBLEM_CODES = [
  "timeout",
  "unreachable",
  "redirect",
  "badCredentials",
  "badLogin",
  "forbidden",
  "unknownService",
  "notFound",
  "serverError",
  "malformed",
  "httpStatus",
  "serviceIdMissing",
  "needsToken",
] as const;

export const checkResultSchema = z.object({
  check: z.enum(["token", "polling", "admin", "storeApi"]),
  outcome: z.enum(["ok", "failed", "skipped"]),
  problem: z
    .object({
      code: z.enum(PROBLEM_CODES),
      host: z.string(),
      status: z.number().optional(),
      reason: z.string().optional(),
      timeoutSeconds: z.number().optional(),
    })
    .optional(),
  /** Events waiting on the platform (polling, when it answered). */
  pending: z.number().optional(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/** POST /api/manager/stores/{id}/test-connection */
export const connectionChecksSchema = z.object({ checks: z.array(checkResultSchema) });

/** POST /api/manager/stores/{id}/test-order: one id per click, so a resent request never places a second order. */
export const testOrderRequestSchema = z.object({ requestId: z.uuid() }).strict();
export const testOrderResultSchema = z.object({
  orderId: z.string(),
  displayId: z.string().nullable(),
  interchangeOrderId: z.string().nullable(),
  status: z.string(),
  scheduledFor: z.string().nullable(),
  total: z.nullable(moneySchema),
  summary: z.string(),
});
export type TestOrderResult = z.infer<typeof testOrderResultSchema>;
export const testOrderAnswerSchema = z.object({ order: testOrderResultSchema });
