import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { PlatformError } from "./errors";
import { MAX_ANSWER_BYTES, platformFetch } from "./transport";

const servers: Array<{ close(): unknown }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<string> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
  );
}

describe("platformFetch", () => {
  it("sends the method, headers and body, and reads the answer as text or JSON", async () => {
    const url = await listen(
      createHttpServer((request, response) => {
        let body = "";
        request.on("data", (chunk) => (body += chunk));
        request.on("end", () => {
          response.writeHead(201, { "content-type": "application/json" });
          response.end(
            JSON.stringify({
              method: request.method,
              auth: request.headers.authorization,
              type: request.headers["content-type"],
              body,
            }),
          );
        });
      }),
    );
    const response = await platformFetch(`${url}/x?a=1`, {
      method: "POST",
      headers: { authorization: "Bearer t", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", name: "ção" }),
      timeoutMs: 5_000,
    });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(await response.json()).toEqual({
      method: "POST",
      auth: "Bearer t",
      type: "application/x-www-form-urlencoded",
      body: "grant_type=client_credentials&name=%C3%A7%C3%A3o",
    });
  });

  it("reads a compressed answer, as fetch did", async () => {
    const url = await listen(
      createHttpServer((_request, response) =>
        response.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(JSON.stringify({ id: "ção" }))),
      ),
    );
    expect(await (await platformFetch(url, { timeoutMs: 5_000 })).json()).toEqual({ id: "ção" });
  });

  it("refuses an answer larger than the limit, compressed or not", async () => {
    const big = Buffer.alloc(MAX_ANSWER_BYTES + 1, 32);
    const plain = await listen(createHttpServer((_request, response) => response.writeHead(200).end(big)));
    const refused = await platformFetch(plain, { timeoutMs: 10_000 }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(PlatformError);
    expect((refused as PlatformError).message).toMatch(/larger than 32 MiB/);

    // A small gzip body that would inflate past the limit (a "zip bomb").
    const bomb = gzipSync(big);
    const compressed = await listen(
      createHttpServer((_request, response) => response.writeHead(200, { "content-encoding": "gzip" }).end(bomb)),
    );
    expect(await platformFetch(compressed, { timeoutMs: 10_000 }).catch((caught: unknown) => caught)).toBeInstanceOf(
      PlatformError,
    );
  });

  it("does not follow a redirect", async () => {
    const url = await listen(
      createHttpServer((_request, response) =>
        response.writeHead(302, { location: "http://elsewhere.invalid/" }).end(),
      ),
    );
    const error = await platformFetch(url, { timeoutMs: 5_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).status).toBe(302);
  });

  it("gives up after the timeout, the answer's body included, as a transient failure", async () => {
    const url = await listen(
      createHttpServer((_request, response) => {
        response.writeHead(200);
        response.write("{"); // and nothing more
      }),
    );
    const started = Date.now();
    const error = await platformFetch(url, { timeoutMs: 300 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).message).toBe("No answer from the platform: timed out after 300 ms");
    expect((error as PlatformError).transient).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("sends a request again when its kept-alive connection turns out closed, and only then", async () => {
    // Answers the first request on each connection, keeps it open, and resets it on the next.
    let connections = 0;
    const url = await listen(
      createTcpServer((socket: Socket) => {
        connections += 1;
        let answered = false;
        socket.on("data", () => {
          if (answered) return void socket.resetAndDestroy();
          answered = true;
          socket.write(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\n{}",
          );
        });
      }),
    );
    expect(await (await platformFetch(url, { timeoutMs: 5_000 })).json()).toEqual({});
    expect(await (await platformFetch(url, { timeoutMs: 5_000 })).json()).toEqual({});
    expect(connections).toBe(2);

    const refused = await platformFetch("http://127.0.0.1:9/", { timeoutMs: 5_000 }).catch((caught: unknown) => caught);
    expect((refused as PlatformError).message).toBe("No answer from the platform: ECONNREFUSED");
  });
});
