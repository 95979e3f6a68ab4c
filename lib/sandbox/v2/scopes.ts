import { SandboxError } from "../errors";
import type { AccessToken, Integrator } from "../types";

// Open Delivery 2.0's scopes (authentication.openapi.yaml): a token asks for some with `scope`
// (space-separated) and gets them only when its credential was granted them — a scope not granted
// refuses the whole request (401 invalid_scope: the only error the token operation declares).
// An application credential (`by_app`, the sandbox's integrators) is granted orders, menu and
// logistics by default — least privilege, no od.crm nor od.all —, `PUT /control/integrators/
// {clientId}/scopes` changes that; a merchant's own credential (`by_merchant`, 1.x's model) is
// granted every scope, as its 1.x token could do everything. A request with no `scope` gets all
// its credential was granted (RFC 6749 §3.3 lets the server choose a default; rc.2 is silent).

export const SCOPES = ["od.orders", "od.menu", "od.logistics", "od.crm", "od.all"] as const;
export type Scope = (typeof SCOPES)[number];

export const DEFAULT_APP_SCOPES: readonly Scope[] = ["od.orders", "od.menu", "od.logistics"];
export const MERCHANT_SCOPES: readonly Scope[] = SCOPES;

export const grantedScopes = (integrator: Integrator | undefined): readonly string[] =>
  integrator ? (integrator.scopes ?? DEFAULT_APP_SCOPES) : MERCHANT_SCOPES;

/** The scopes a token request gets, or a 401 invalid_scope naming the first one refused. */
export function scopesFor(requested: string | undefined, granted: readonly string[]): string[] {
  const asked = (requested ?? "").split(/\s+/).filter(Boolean);
  if (asked.length === 0) return [...granted];
  const unknown = asked.find((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown) throw new SandboxError(401, `Unknown scope ${unknown}`, { code: "invalid_scope" });
  const refused = asked.find((scope) => !granted.includes(scope));
  if (refused) throw new SandboxError(401, `Scope ${refused} is not granted to this client`, { code: "invalid_scope" });
  return [...new Set(asked)];
}

/** Whether a token may call an operation of the scope's domain (od.all covers every domain). */
export const hasScope = (token: AccessToken, scope: Scope) =>
  (token.scopes ?? []).includes(scope) || (token.scopes ?? []).includes("od.all");
