import { describe, expect, it } from "vitest";
import { endlessBody } from "@/e2e/support/endless-body";
import { POST as signIn } from "@/app/api/auth/[...nextauth]/route";
import { POST as webhook } from "@/app/api/open-delivery/v1/newEvent/route";
import { POST as webhookV2 } from "@/app/api/open-delivery/v2/newEvent/route";
import { NextRequest } from "next/server";

function endlessPost(url: string, contentType: string) {
  const { body, pulled } = endlessBody();
  const request = new NextRequest(url, {
    method: "POST",
    body,
    headers: { "content-type": contentType },
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);
  return { request, pulled };
}

describe("routes that read a body stop at their limit", () => {
  it("the webhook answers 413 to an endless body without buffering it", { timeout: 5000 }, async () => {
    const { request, pulled } = endlessPost("http://localhost/api/open-delivery/v1/newEvent", "application/json");
    const response = await webhook(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toMatch(/larger than/);
    expect(pulled()).toBeLessThan(2_000_000);
  });

  it(
    "the 2.0 webhook answers 413 to an endless body without buffering it, in rc.2's Error body",
    { timeout: 5000 },
    async () => {
      const { request, pulled } = endlessPost("http://localhost/api/open-delivery/v2/newEvent", "application/json");
      const response = await webhookV2(request, { params: Promise.resolve({}) });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({
        code: "PAYLOAD_TOO_LARGE",
        message: expect.stringMatching(/larger than/),
      });
      expect(pulled()).toBeLessThan(2_000_000);
    },
  );

  it("the sign-in route answers 413 to an endless body without buffering it", { timeout: 5000 }, async () => {
    const url = "http://localhost/api/auth/callback/credentials";
    const { request, pulled } = endlessPost(url, "application/x-www-form-urlencoded");
    const response = await signIn(request, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) });
    expect(response.status).toBe(413);
    expect(pulled()).toBeLessThan(1_000_000);
  });
});
