import "server-only";
import { z } from "zod";
import { authorizedRequest } from "@/lib/platform/authorized-request";
import { PlatformError } from "@/lib/platform/errors";
import { TokenSource } from "@/lib/platform/token-source";
import { menuTokenEndpoint, type V2Credentials } from "./client";

// Open Delivery 2.0 rc.2's GET /merchants (merchant.openapi.yaml, listMerchants): the merchants
// that authorised the calling application's credential (`client_credentials_application`, one
// credential per connection), or a merchant credential's own (`by_merchant`, still supported).
// Comanda asks for it only when a channel is added, with a token of its own scoped od.menu: the
// document's bearerAuth names od.menu the merchant capability's scope, and the operation names
// none narrower — least privilege, never od.all, and not the orders token's od.orders.

/** The document's largest page (`pageSize` maximum 200): the fewest calls for a long list. */
const PAGE_SIZE = 200;
/** Pages walked at most (4000 merchants): a list that never ends is the platform's bug, not a hang. */
const MAX_PAGES = 20;
/** A page of 200 summaries is a few tens of kilobytes. */
const MAX_PAGE_BYTES = 1024 * 1024;

/** MerchantSummary (required id, name, status; externalCode optional). Extra fields are ignored. */
export const merchantSummarySchema = z.looseObject({
  id: z.string().min(1).max(200),
  name: z.string().max(500),
  status: z.enum(["OPEN", "CLOSED", "PAUSED"]),
  externalCode: z.string().max(200).optional(),
});

/** The answer's shape: `merchants` and the document's Pagination (every field optional there). */
export const merchantsPageSchema = z.looseObject({
  merchants: z.array(merchantSummarySchema),
  pagination: z
    .looseObject({
      page: z.number().int().optional(),
      pageSize: z.number().int().optional(),
      totalItems: z.number().int().optional(),
      totalPages: z.number().int().optional(),
    })
    .optional(),
});

export type MerchantSummary = z.infer<typeof merchantSummarySchema>;

/** Why a list could not be had, in a word the back office translates. */
export type MerchantsProblem = "unreachable" | "unauthorized" | "invalid";

/** A failed listing: the kind and Comanda's English sentence (the page says it in pt-BR or English). */
export class MerchantsListError extends Error {
  constructor(
    readonly problem: MerchantsProblem,
    message: string,
  ) {
    super(message);
    this.name = "MerchantsListError";
  }
}

/**
 * Every merchant the connection's credential may act for, walking the document's pages
 * (`page`, `pageSize`; stops at `totalPages`, an empty or short page, or MAX_PAGES). The URL is
 * the configured base URL's `/v2/merchants`, nowhere else; the transport follows no redirect and
 * refuses private hosts unless the operator allows them. Throws MerchantsListError.
 */
export async function listAuthorisedMerchants(
  credentials: V2Credentials & { pageSize?: number },
): Promise<MerchantSummary[]> {
  const pageSize = Math.min(PAGE_SIZE, credentials.pageSize ?? PAGE_SIZE);
  const tokens = new TokenSource({ endpoint: menuTokenEndpoint(credentials), now: credentials.now });
  const base = `${credentials.baseUrl.replace(/\/+$/, "")}/v2/merchants`;
  const merchants: MerchantSummary[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { merchants: listed, pagination } = await readPage(
      tokens,
      `${base}?page=${page}&pageSize=${pageSize}`,
      credentials.timeoutMs,
    );
    merchants.push(...listed);
    const totalPages = pagination?.totalPages;
    const last = totalPages === undefined ? listed.length < pageSize : page >= totalPages;
    if (last || listed.length === 0) break;
  }
  // The same merchant on two pages (the list changed between them) is listed once.
  return [...new Map(merchants.map((merchant) => [merchant.id, merchant])).values()];
}

async function readPage(tokens: TokenSource, url: string, timeoutMs: number) {
  let body: unknown;
  try {
    const response = await authorizedRequest(tokens, {
      method: "GET",
      url,
      timeoutMs,
      maxBytes: MAX_PAGE_BYTES,
      what: "GET /v2/merchants",
    });
    // Not JSON reads as nothing: the shape check below says the answer is not the document's.
    body = await response.json().catch(() => undefined);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status === 401 || error.status === 403)
      throw new MerchantsListError(
        "unauthorized",
        `The platform refused the connection's credential (HTTP ${error.status}): check its id, secret and scope od.menu.`,
      );
    if (error.status === undefined || error.transient)
      throw new MerchantsListError("unreachable", `The platform did not answer the merchant list: ${error.message}`);
    throw new MerchantsListError("invalid", `The platform refused the merchant list: ${error.message}`);
  }
  const parsed = merchantsPageSchema.safeParse(body);
  if (!parsed.success)
    throw new MerchantsListError(
      "invalid",
      `The platform's merchant list is not Open Delivery 2.0's: ${z.prettifyError(parsed.error).slice(0, 300)}`,
    );
  return parsed.data;
}
