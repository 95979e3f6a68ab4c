import "server-only";
import { z } from "zod";
import { PlatformError } from "@/lib/open-delivery/http";

/** Who a call to the admin or store API is for: the platform's headers on every call. */
export interface ServiceIdentity {
  baseUrl: string;
  /** The store's X-Service-ID. */
  serviceId: string;
  /** The integration's client id, sent as X-Service-Client-Id. */
  clientId: string;
}

/** Headers on every admin API and store API call (platform-interfaces.md, "Authentication"). */
export function serviceHeaders(identity: ServiceIdentity, accessToken?: string): Record<string, string> {
  return {
    "content-type": "application/json",
    accept: "application/json",
    "x-service-id": identity.serviceId,
    "x-service-client-id": identity.clientId,
    ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
  };
}

const errorEnvelope = z.object({ error: z.object({ code: z.string(), message: z.string().optional() }) });

/** The admin and store APIs' error code (`{status: "error", error: {code}}`), if the body has one. */
export function serviceErrorCode(error: unknown): string | undefined {
  if (!(error instanceof PlatformError)) return undefined;
  const parsed = errorEnvelope.safeParse(error.body);
  return parsed.success ? parsed.data.error.code : undefined;
}

export const serviceTokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
});
export type ServiceToken = z.infer<typeof serviceTokenSchema>;
