import "server-only";
import { z } from "zod";
import { readBodyText } from "@/lib/api/body";
import { assertAllowed, assertStore, viewerFromHeaders, type Requirement } from "@/lib/auth/guard";
import { storeOfOrder } from "@/lib/auth/kitchen";
import { getDb } from "@/lib/db";
import { restaurantOfChannel } from "@/lib/stores/channels";
import type { Viewer } from "@/lib/auth/sessions";
import { storeParamsSchema } from "@/lib/contract/route-params";
import { searchParamsRecord } from "@/lib/contract/search-params";
import type { Role } from "@/lib/contract/roles";
import { AppError, errorResponse } from "@/lib/errors";
import { tracked } from "@/lib/process/exit";

type Params = Record<string, string | string[] | undefined>;
type Handler<P> = (request: Request, params: P) => Promise<Response>;

/**
 * Wraps a PUBLIC route handler (health, the platform's webhook): awaits Next.js's params, and
 * turns anything thrown into the one error shape. Everything else uses `withSession`.
 */
export function handler<P extends Params = Params>(fn: Handler<P>) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    // Counted while it runs: a graceful shutdown waits for it (lib/process/exit.ts).
    return tracked(async () => {
      try {
        return await fn(request, await context.params);
      } catch (error) {
        return errorResponse(error);
      }
    });
  };
}

type SessionHandler<P> = (request: Request, params: P, viewer: Viewer) => Promise<Response>;

interface SessionRequirement<P> extends Requirement {
  /**
   * The store the request is about, when there is one (e.g. the order's store): the viewer must
   * work for it. Runs after the role check, so outsiders learn nothing about the resource.
   */
  store?: (params: P, request: Request) => Promise<string | readonly string[]>;
}

/**
 * Wraps a route handler that needs a signed-in viewer: 401 without a session, 403 without the
 * role or the store, then `fn` with the viewer.
 */
export function withSession<P extends Params = Params>(requirement: SessionRequirement<P>, fn: SessionHandler<P>) {
  return handler<P>(async (request, params) => {
    const viewer = assertAllowed(await viewerFromHeaders(request.headers), requirement);
    if (requirement.store) {
      // Every store the request touches (e.g. all the stores of a staff member being changed).
      const stores = await requirement.store(params, request);
      for (const storeId of typeof stores === "string" ? [stores] : stores) assertStore(viewer, storeId);
    }
    return fn(request, params, viewer);
  });
}

/** For withSession's store check: the store a request's query names (`?store=`), if any. */
export async function queryStore(_params: unknown, request: Request): Promise<string | readonly string[]> {
  return searchParamsRecord(new URL(request.url).searchParams).store ?? [];
}

type ScopedHandler<T> = (request: Request, scope: T, viewer: Viewer) => Promise<Response>;

/**
 * Wraps a route about one order (`/api/orders/[orderId]/…`): 401/403 as withSession, then the
 * params parsed with `paramsSchema`, the order's store looked up once (404 for an unknown order)
 * and checked against the viewer's; the handler gets the params with that store.
 */
export function withOrder<P extends { orderId: string }>(
  role: Role,
  paramsSchema: z.ZodType<P>,
  fn: ScopedHandler<P & { storeId: string }>,
) {
  return handler(async (request, params) => {
    const viewer = assertAllowed(await viewerFromHeaders(request.headers), { role });
    const parsed = parseInput(paramsSchema, params);
    const storeId = await storeOfOrder(parsed.orderId);
    assertStore(viewer, storeId);
    return fn(request, { ...parsed, storeId }, viewer);
  });
}

/** Wraps a route about one store (`…/[storeId]/…`): the store parsed and checked once. */
export function withStore(role: Role, fn: ScopedHandler<{ storeId: string }>) {
  return handler(async (request, params) => {
    const viewer = assertAllowed(await viewerFromHeaders(request.headers), { role });
    const { storeId } = parseInput(storeParamsSchema, params);
    assertStore(viewer, storeId);
    return fn(request, { storeId }, viewer);
  });
}

/**
 * Wraps a route about one channel (`/api/manager/stores/[storeId]/integration` and its test: the
 * segment names a channel — a restaurant's first channel has the restaurant's id): 404 for an
 * unknown channel, then the channel's restaurant checked against the viewer's, as withStore does.
 */
export function withChannel(role: Role, fn: ScopedHandler<{ channelId: string; storeId: string }>) {
  return handler(async (request, params) => {
    const viewer = assertAllowed(await viewerFromHeaders(request.headers), { role });
    const { storeId: channelId } = parseInput(storeParamsSchema, params);
    const storeId = await restaurantOfChannel(await getDb(), channelId);
    if (!storeId) throw new AppError("not_found", "There is no such channel.");
    assertStore(viewer, storeId);
    return fn(request, { channelId, storeId }, viewer);
  });
}

/** Parses input with a zod schema, answering 400 with a sentence naming the bad field. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new AppError(
    "bad_request",
    `Invalid request — ${field}${issue?.message ?? "malformed input"}.`,
    result.error.issues,
  );
}

/** The request's JSON body, read with a size limit (413 past it); an empty body reads as {}. */
export async function readJson(request: Request, limitBytes?: number): Promise<unknown> {
  const text = await readBodyText(request, limitBytes);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "Invalid request — the body is not valid JSON.");
  }
}

/**
 * Answers with a contract schema (lib/contract): the value is checked against it when compiling,
 * and parsed when sending, so only the contract's fields ever reach the browser.
 */
export function respond<S extends z.core.$ZodType>(schema: S, value: z.input<S>, init?: ResponseInit): Response {
  return Response.json(z.parse(schema, value), init);
}
