import type { MiddlewareHandler } from "hono";
import type { HttpDeps, SandboxEnv } from "../../http/context";
import { hasScope, type Scope } from "../scopes";
import { v2Error } from "./errors";

// Bearer check of the 2.0 routes: 401 without a valid token (missing, expired on the sandbox
// clock, revoked), 403 when the token was not granted the operation's scope (the migration
// guide's "missing-scope calls fail with expected, observable errors").

export function v2Auth(deps: HttpDeps, scope?: Scope): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
    const challenge = { "www-authenticate": 'Bearer realm="sandbox"' };
    if (!match?.[1]) {
      c.header("www-authenticate", challenge["www-authenticate"]);
      return v2Error(c, 401, "Missing bearer access token");
    }
    const token = deps.platform.authenticate(match[1]);
    if (!token) {
      c.header("www-authenticate", challenge["www-authenticate"]);
      return v2Error(c, 401, "Invalid or expired access token");
    }
    if (scope && !hasScope(token, scope))
      return v2Error(c, 403, `This token was not granted ${scope}`, "insufficient_scope");
    c.set("token", token);
    await next();
  };
}
