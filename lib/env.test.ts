import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("reaches the embedded sandbox on the bind address when there is one; refuses one that is not an address", () => {
    expect(parseEnv({ BIND_ADDRESS: "192.168.1.5" }).sandboxUrl).toBe("http://192.168.1.5:3000/sandbox");
    expect(parseEnv({ BIND_ADDRESS: "0.0.0.0" }).sandboxUrl).toBe("http://127.0.0.1:3000/sandbox");
    expect(parseEnv({ BIND_ADDRESS: "::1" }).sandboxUrl).toBe("http://[::1]:3000/sandbox");
    expect(() => parseEnv({ BIND_ADDRESS: "my machine" })).toThrow(/BIND_ADDRESS/);
  });

  it("defaults to the embedded sandbox on port 3000 with ./data", () => {
    const env = parseEnv({});
    expect(env.platformMode).toBe("sandbox-embedded");
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.sandboxMounted).toBe(true);
    expect(env.sandboxUrl).toBe("http://127.0.0.1:3000/sandbox");
    expect(env.pollIntervalSeconds).toBe(2);
    expect(env.SANDBOX_SIMULATOR_INTERVAL_SECONDS).toBe(45);
    // The demo's stores are open at every hour unless told otherwise (the browser tests are).
    expect(env.SANDBOX_OPEN_AROUND_THE_CLOCK).toBe(true);
    expect(parseEnv({ SANDBOX_OPEN_AROUND_THE_CLOCK: "false" }).SANDBOX_OPEN_AROUND_THE_CLOCK).toBe(false);
    // One embedded platform until the board shows two platforms' merchants (issue 28).
    expect(env.SANDBOX_PLATFORMS).toBe(2);
    expect(parseEnv({ SANDBOX_PLATFORMS: "2" }).SANDBOX_PLATFORMS).toBe(2);
    expect(() => parseEnv({ SANDBOX_PLATFORMS: "0" })).toThrowError(/SANDBOX_PLATFORMS/);
  });

  it("has the demo's second platform speak Open Delivery 2.0, the first 1.7, unless told otherwise", () => {
    expect(parseEnv({}).sandboxDialects).toEqual(["1.7", "2.0"]);
    expect(parseEnv({ SANDBOX_PLATFORMS: "1" }).sandboxDialects).toEqual(["1.7"]);
    expect(parseEnv({ SANDBOX_PLATFORMS: "3" }).sandboxDialects).toEqual(["1.7", "2.0", "1.7"]);
    expect(parseEnv({ SANDBOX_OPEN_DELIVERY: "1.7" }).sandboxDialects).toEqual(["1.7", "1.7"]);
    expect(parseEnv({ SANDBOX_OPEN_DELIVERY: "2.0, 1.7" }).sandboxDialects).toEqual(["2.0", "1.7"]);
    expect(() => parseEnv({ SANDBOX_OPEN_DELIVERY: "1.6" })).toThrowError(/SANDBOX_OPEN_DELIVERY.*"1.6"/);
    expect(() => parseEnv({ SANDBOX_OPEN_DELIVERY: "1.7,2.0,2.0" })).toThrowError(/SANDBOX_OPEN_DELIVERY.*3 dialects/);
  });

  it("compares 2.0 orders with their platform's status every minute unless RECONCILE_INTERVAL_SECONDS says", () => {
    expect(parseEnv({}).RECONCILE_INTERVAL_SECONDS).toBe(60);
    expect(parseEnv({ RECONCILE_INTERVAL_SECONDS: "2" }).RECONCILE_INTERVAL_SECONDS).toBe(2);
    expect(() => parseEnv({ RECONCILE_INTERVAL_SECONDS: "0" })).toThrowError(/RECONCILE_INTERVAL_SECONDS/);
  });

  it("bounds board streams at 4 a session and 20 an owner unless told otherwise, and refuses no bound", () => {
    expect(parseEnv({})).toMatchObject({ BOARD_STREAMS_PER_SESSION: 4, BOARD_STREAMS_PER_OWNER: 20 });
    expect(parseEnv({ BOARD_STREAMS_PER_SESSION: "2000" }).BOARD_STREAMS_PER_SESSION).toBe(2000);
    expect(() => parseEnv({ BOARD_STREAMS_PER_OWNER: "0" })).toThrowError(/BOARD_STREAMS_PER_OWNER/);
    expect(() => parseEnv({ BOARD_STREAMS_PER_SESSION: "many" })).toThrowError(/BOARD_STREAMS_PER_SESSION/);
  });

  it("names every bad variable in one message", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", SANDBOX_URL: "ftp://nope" })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SANDBOX_URL|PORT[\s\S]*SANDBOX_URL[\s\S]*DATABASE_URL/,
    );
  });

  it("refuses half a real-platform configuration, naming what is missing", () => {
    expect(() => parseEnv({ PLATFORM_BASE_URL: "https://platform.example" })).toThrowError(
      /PLATFORM_CLIENT_ID[\s\S]*PLATFORM_CLIENT_SECRET[\s\S]*PLATFORM_MERCHANT_ID/,
    );
  });

  it("takes admin and store API credentials whole or not at all", () => {
    expect(() => parseEnv({ PLATFORM_STORE_CLIENT_ID: "store-client" })).toThrowError(
      /PLATFORM_STORE_CLIENT_SECRET: required when PLATFORM_STORE_CLIENT_ID is set/,
    );
    expect(() => parseEnv({ PLATFORM_ADMIN_USERNAME: "api", PLATFORM_ADMIN_PASSWORD: "pw" })).toThrowError(
      /PLATFORM_ADMIN_CLIENT_ID: required[\s\S]*PLATFORM_ADMIN_CLIENT_SECRET: required/,
    );
    expect(
      parseEnv({ PLATFORM_STORE_CLIENT_ID: "store-client", PLATFORM_STORE_CLIENT_SECRET: "s" })
        .PLATFORM_STORE_CLIENT_ID,
    ).toBe("store-client");
  });

  it("asks for SECRETS_KEY with a shared PostgreSQL, and checks its length", () => {
    expect(() => parseEnv({ DATABASE_URL: "postgres://db/comanda" })).toThrowError(
      /SECRETS_KEY: required when DATABASE_URL is set/,
    );
    expect(() => parseEnv({ SECRETS_KEY: Buffer.alloc(16).toString("base64") })).toThrowError(
      /SECRETS_KEY: must be 32 bytes/,
    );
  });

  it("switches to a real platform with a 30 s poll and no mounted sandbox", () => {
    const env = parseEnv({
      PLATFORM_BASE_URL: "https://platform.example/od/",
      PLATFORM_CLIENT_ID: "id",
      PLATFORM_CLIENT_SECRET: "secret",
      PLATFORM_MERCHANT_ID: "m-1",
    });
    expect(env.platformMode).toBe("real");
    expect(env.PLATFORM_BASE_URL).toBe("https://platform.example/od");
    expect(env.sandboxMounted).toBe(false);
    expect(env.sandboxUrl).toBeUndefined();
    expect(env.pollIntervalSeconds).toBe(30);
  });

  it("uses an external sandbox when SANDBOX_URL is set, and treats empty values as unset", () => {
    const env = parseEnv({ SANDBOX_URL: "http://127.0.0.1:4010", DATABASE_URL: "", POLL_INTERVAL_SECONDS: "5" });
    expect(env.platformMode).toBe("sandbox-external");
    expect(env.sandboxMounted).toBe(false);
    expect(env.sandboxUrl).toBe("http://127.0.0.1:4010");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.pollIntervalSeconds).toBe(5);
  });
});

describe("AUTH_SECRET", () => {
  it("is required in production with a shared PostgreSQL, with a message saying how to make one", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/comanda" })).toThrowError(
      /AUTH_SECRET: required in production[\s\S]*openssl rand/,
    );
    const secretsKey = Buffer.alloc(32, 7).toString("base64");
    expect(
      parseEnv({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://db/comanda",
        AUTH_SECRET: "x".repeat(32),
        SECRETS_KEY: secretsKey,
      }).AUTH_SECRET,
    ).toBe("x".repeat(32));
  });

  it("may be left out with the embedded database (it is generated into DATA_DIR)", () => {
    expect(parseEnv({ NODE_ENV: "production" }).AUTH_SECRET).toBeUndefined();
  });

  it("refuses a short secret", () => {
    expect(() => parseEnv({ AUTH_SECRET: "short" })).toThrowError(/AUTH_SECRET: must be at least 32 characters/);
  });
});
