import { describe, expect, it } from "vitest";
import { readBodyText } from "@/lib/api/body";
import { readJson } from "@/lib/api/handler";
import { AppError } from "@/lib/errors";
import { endlessBody } from "@/e2e/support/endless-body";

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("reading a request body with a limit", () => {
  it("refuses an endless body with 413 after reading little more than the limit", { timeout: 5000 }, async () => {
    const { body, pulled } = endlessBody();
    const error = await readJson(post(body), 100_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
    expect((error as AppError).message).toMatch(/larger than/);
    expect(pulled()).toBeLessThan(100_000 + 2 * 64 * 1024);
  });

  it("refuses a declared Content-Length over the limit before reading", { timeout: 5000 }, async () => {
    const { body, pulled } = endlessBody();
    const request = post(body, { "content-length": String(50 * 1024 * 1024) });
    await expect(readBodyText(request, 1000)).rejects.toMatchObject({ status: 413 });
    expect(pulled()).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it("reads a body within the limit, multi-byte characters included", { timeout: 5000 }, async () => {
    expect(await readJson(post(JSON.stringify({ name: "Açaí" })))).toEqual({ name: "Açaí" });
    expect(await readJson(post(""))).toEqual({});
  });
});
