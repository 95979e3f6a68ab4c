import { describe, expect, it } from "vitest";
import { failureKind } from "./failure-words";

describe("stored failure sentences", () => {
  it("reads the platform layer's sentences into kinds the page words in the viewer's language", () => {
    expect(failureKind("Platform GET /v1/events:polling failed with HTTP 503")).toEqual({
      kind: "http",
      status: 503,
      call: "GET /v1/events:polling",
    });
    expect(failureKind("Platform POST /oauth/token failed with HTTP 401 (invalid_client): bad secret")).toMatchObject({
      kind: "http",
      status: 401,
    });
    expect(failureKind("No answer from the platform: timed out after 5000 ms")).toEqual({
      kind: "timeout",
      seconds: 5,
    });
    expect(failureKind("No answer from the platform: connect ECONNREFUSED 127.0.0.1:9")).toEqual({ kind: "noAnswer" });
    expect(failureKind("The platform answered with a redirect (HTTP 302); redirects are not followed")).toEqual({
      kind: "redirect",
      status: 302,
    });
    expect(failureKind("Internal error while storing events (see the server log)")).toEqual({ kind: "internal" });
    expect(failureKind("something new")).toEqual({ kind: "other" });
  });
});
