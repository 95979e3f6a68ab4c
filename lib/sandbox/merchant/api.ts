import { notFound, SandboxError } from "../errors";
import type { Platform } from "../platform";
import type { Merchant } from "../types";
import { controlsOf } from "./controls";
import type { MerchantControls } from "./state";
import type { MerchantUpdate } from "./update-schema";
import { menuOf, readMerchantDocument, soldOutKey, storeRef, type StoreRef } from "./document";

// The platform's side of Open Delivery's merchant API: onboarding (where the merchant's
// GET /v1/merchant is), merchantUpdate (open/close, changed offers and options, or "pull again")
// and the pulls themselves, whose outcome GET /v1/merchantStatus reports.

const PULL_TIMEOUT_MS = 5000;
/** Before any document told us its TTL (the standard's minimum is 500 s). */
const DEFAULT_TTL_SECONDS = 600;

function merchantOf(platform: Platform, merchantId: string): Merchant {
  const merchant = platform.state.merchant(merchantId);
  if (!merchant) throw notFound("Merchant not found");
  return merchant;
}

export function onboard(
  platform: Platform,
  merchantId: string,
  info: { baseURL: string; apiKey?: string; ordersWebhookURL?: string },
): void {
  const controls = controlsOf(merchantOf(platform, merchantId));
  controls.onboarding = { ...info, at: platform.now().toISOString() };
  controls.read = { lastRead: platform.now().toISOString(), status: "PROCESSING" };
  platform.touch();
}

export function setStatus(platform: Platform, merchantId: string, status: MerchantControls["status"]): void {
  const controls = controlsOf(merchantOf(platform, merchantId));
  if (controls.status !== status) controls.statusChangedAt = platform.now().toISOString();
  controls.status = status;
  platform.touch();
}

/**
 * ITEM_OFFER and OPTION updates change availability (all this platform acts on); any other
 * entity type is accepted and answered by pulling the whole document again, which is what a
 * platform that does not apply partial updates of that kind must do. Returns whether to pull.
 */
export function applyUpdate(platform: Platform, merchantId: string, update: MerchantUpdate): { pull: boolean } {
  const merchant = merchantOf(platform, merchantId);
  const controls = controlsOf(merchant);
  const empty = update.merchantStatus === undefined && update.entityType === undefined;
  if (update.entityType === "ITEM_OFFER" || update.entityType === "OPTION") {
    const isOffer = update.entityType === "ITEM_OFFER";
    // Resolve every object first: an update is applied whole or not at all.
    const changes = (update.updatedObjects ?? []).map((object, i) => {
      const id = resolve(controls, isOffer, object);
      if (id === undefined) {
        throw new SandboxError(
          400,
          `updatedObjects[${i}]: ${update.entityType} ${object.id} is not in the merchant's last published menu`,
        );
      }
      // The standard's default status is AVAILABLE: an object without one is offered again.
      return { ref: id, soldOut: object.status === "UNAVAILABLE" };
    });
    for (const change of changes) {
      const key = soldOutKey(change.ref.kind);
      const set = new Set(controls[key] ?? []);
      if (change.soldOut) set.add(change.ref.id);
      else set.delete(change.ref.id);
      controls[key] = [...set];
    }
  }
  if (update.merchantStatus) setStatus(platform, merchantId, update.merchantStatus);
  platform.touch();
  const otherEntity = update.entityType !== undefined && !["ITEM_OFFER", "OPTION"].includes(update.entityType);
  return { pull: (empty || otherEntity) && controls.onboarding !== undefined };
}

/** The store API entity an updated object names: an item or pizza size (offers), an option or flavour (options). */
function resolve(
  controls: MerchantControls,
  isOffer: boolean,
  object: { id: string; itemId?: string },
): StoreRef | undefined {
  const menu = controls.menu;
  if (!menu) return undefined;
  const byId = isOffer
    ? (lookup(menu.offers, object.id, "item") ?? lookup(menu.sizes, object.id, "size"))
    : (lookup(menu.options, object.id, "option") ?? lookup(menu.flavors, object.id, "flavor"));
  if (byId) return byId;
  const ref = storeRef(object.itemId ? menu.items[object.itemId] : undefined);
  const fits = isOffer
    ? ref?.kind === "item" || ref?.kind === "size"
    : ref?.kind === "option" || ref?.kind === "flavor";
  return fits ? ref : undefined;
}

function lookup(ids: Record<string, number> | undefined, id: string, kind: StoreRef["kind"]): StoreRef | undefined {
  const found = ids?.[id];
  return found === undefined ? undefined : { kind, id: found };
}

/** GETs the merchant's endpoint and records the outcome; a good document replaces statuses and menu. */
export async function pullMerchant(platform: Platform, merchantId: string): Promise<void> {
  const merchant = merchantOf(platform, merchantId);
  const controls = controlsOf(merchant);
  const onboarding = controls.onboarding;
  if (!onboarding) return;
  const lastRead = platform.now().toISOString();
  const fail = (moreInfo: string) => {
    controls.read = { lastRead, status: "FAIL", moreInfo };
    platform.touch();
  };
  let body: unknown;
  try {
    const response = await fetch(onboarding.baseURL, {
      headers: { accept: "application/json", ...(onboarding.apiKey ? { "x-api-key": onboarding.apiKey } : {}) },
      signal: AbortSignal.timeout(PULL_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return fail(`GET ${onboarding.baseURL} answered ${response.status}`);
    }
    body = await response.json();
  } catch (error) {
    return fail(`GET ${onboarding.baseURL} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const read = readMerchantDocument(body, merchantId);
  if (!read.ok) return fail(`The merchant document breaks the standard: ${read.error}`);
  const { menu, ...soldOut } = menuOf(read.doc);
  controls.menu = menu;
  Object.assign(controls, soldOut);
  if (controls.status !== read.doc.status) controls.statusChangedAt = lastRead;
  controls.status = read.doc.status;
  controls.read = { lastRead, status: "SUCCESS" };
  platform.touch();
}

/** Onboarded merchants whose document's TTL has run out since the last read (the periodic pull). */
export function dueForPull(platform: Platform): string[] {
  const now = platform.clock.nowMs();
  return platform.state.merchants
    .filter((m) => {
      const c = m.controls;
      if (!c?.onboarding) return false;
      if (!c.read || c.read.status === "PROCESSING") return true;
      const ttl = c.menu?.ttlSeconds ?? DEFAULT_TTL_SECONDS;
      return Date.parse(c.read.lastRead) + ttl * 1000 <= now;
    })
    .map((m) => m.merchantId);
}

/** What the control API shows: the platform's belief about the merchant (never the apiKey). */
export function merchantBelief(platform: Platform, merchantId: string) {
  const c = controlsOf(merchantOf(platform, merchantId));
  return {
    merchantId,
    status: c.status,
    statusChangedAt: c.statusChangedAt ?? null,
    soldOutItems: [...c.soldOutItems].sort((a, b) => a - b),
    soldOutOptions: [...c.soldOutOptions].sort((a, b) => a - b),
    soldOutSizes: [...(c.soldOutSizes ?? [])].sort((a, b) => a - b),
    soldOutFlavors: [...(c.soldOutFlavors ?? [])].sort((a, b) => a - b),
    onboarding: c.onboarding
      ? { baseURL: c.onboarding.baseURL, hasApiKey: Boolean(c.onboarding.apiKey), at: c.onboarding.at }
      : null,
    read: c.read ?? null,
    // 2.0: each item offer's availability as the Software Service set it and orders lowered it.
    offers: c.offers ?? {},
    menu: c.menu
      ? {
          offers: Object.keys(c.menu.offers).length,
          options: Object.keys(c.menu.options).length,
          ttlSeconds: c.menu.ttlSeconds,
        }
      : null,
  };
}

const inFlight = new WeakMap<Platform, Map<string, Promise<void>>>();

/** One pull per merchant at a time: an update arriving mid-pull joins the running one. */
export function pullOnce(platform: Platform, merchantId: string): Promise<void> {
  let running = inFlight.get(platform);
  if (!running) inFlight.set(platform, (running = new Map()));
  const existing = running.get(merchantId);
  if (existing) return existing;
  const pull = pullMerchant(platform, merchantId)
    .catch((error: unknown) => console.warn(`[sandbox] merchant pull failed: ${String(error)}`))
    .finally(() => running.delete(merchantId));
  running.set(merchantId, pull);
  return pull;
}
