import { describe, expect, it } from "vitest";
import { webhookAddress } from "./webhook-address";

// The address a platform is given for its pushes follows the connection's dialect: a 2.0
// platform's events are 2.0 OrderEvents, taken at /v2/newEvent; any other connection's at /v1.

describe("webhookAddress", () => {
  const headers = new Headers({ host: "comanda.example" });

  it("gives a connection on 2.0 the 2.0 webhook, and the signing headers both dialects share", () => {
    const address = webhookAddress(headers, "2.0");
    expect(address.url).toMatch(/\/api\/open-delivery\/v2\/newEvent$/);
    expect(address).toMatchObject({ merchantIdHeader: "X-App-MerchantId", signatureHeader: "X-App-Signature" });
  });

  it.each(["1.x", null, undefined])(
    "gives a connection on %s (1.x, inactive, not read yet) the 1.x webhook",
    (dialect) => {
      expect(webhookAddress(headers, dialect).url).toMatch(/\/api\/open-delivery\/v1\/newEvent$/);
    },
  );
});
