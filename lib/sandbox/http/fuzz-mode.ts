import type { Context, MiddlewareHandler } from "hono";
import type { FuzzPlatform } from "../fuzz";
import { orderUrl, type HttpDeps, type SandboxEnv } from "./context";
import { coveredMerchants } from "../tokens";
import { bearerAuth } from "./middleware";
import { problem } from "./problem";

// While fuzz mode is on (PUT /control/fuzz), the interchange API's calls are answered by the fuzz
// platform (../fuzz.ts) instead of the sandbox's orders: polling, order details, acknowledgment
// and every order action. Tokens are still required and checked, so a client goes through its
// ordinary path. Fault injection still applies (it runs first).

/** The merchant the fuzz platform's orders name: the token's own, or an integrator's first. */
const fuzzMerchant = (c: Context<SandboxEnv>): string => coveredMerchants(c.get("token"))[0] ?? "";

type Answer = (c: Context<SandboxEnv>, fuzz: FuzzPlatform) => Response | Promise<Response>;

const ORDER = /^\/(?:v1\/)?orders\/([^/]+)$/;
const ACTION = /^\/v1\/orders\/([^/]+)\/([A-Za-z]+)$/;

function answerFor(method: string, path: string, deps: HttpDeps): Answer | undefined {
  if (method === "GET" && path === "/v1/events:polling")
    return (c, fuzz) => {
      const base = orderUrl(c, deps.basePath, "");
      const events = fuzz.poll(fuzzMerchant(c), (orderId) => `${base}${orderId}`);
      if (events.length === 0) return c.body(null, 204);
      return c.json(deps.faults.current.duplicateEvents ? [...events, ...events] : events);
    };
  // Whatever is acknowledged is taken: the fuzz platform keeps no events to remove.
  if (method === "POST" && path === "/v1/events/acknowledgment") return (c) => c.body(null, 202);
  const order = method === "GET" ? ORDER.exec(path) : null;
  if (order) return (c, fuzz) => c.json(fuzz.order(decodeURIComponent(order[1] ?? ""), fuzzMerchant(c)));
  const action = method === "POST" ? ACTION.exec(path) : null;
  if (action)
    return (c, fuzz) => {
      const answer = fuzz.action(decodeURIComponent(action[1] ?? ""), action[2] ?? "");
      return answer.title ? problem(c, answer.status, answer.title) : c.body(null, answer.status);
    };
  return undefined;
}

export function fuzzMode(deps: HttpDeps): MiddlewareHandler<SandboxEnv> {
  const auth = bearerAuth(deps);
  return async (c, next) => {
    const fuzz = deps.fuzz.current;
    if (!fuzz) return next();
    const answer = answerFor(c.req.method, new URL(c.req.url).pathname.slice(deps.basePath.length), deps);
    if (!answer) return next();
    let response: Response | undefined;
    const refused = await auth(c, async () => {
      response = await answer(c, fuzz);
    });
    return response ?? refused ?? c.res;
  };
}
