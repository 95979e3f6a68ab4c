import { describe, expect, it } from "vitest";
import { nextStartArgs, nextStartCommand, nextStartEnv } from "./start-args.mjs";

describe("npm start's arguments (issue 12, defect 14: honour a bind address)", () => {
  it("listens on BIND_ADDRESS", () => {
    expect(nextStartArgs({ PORT: "4000", BIND_ADDRESS: "127.0.0.1" })).toEqual([
      "start",
      "--port",
      "4000",
      "--hostname",
      "127.0.0.1",
    ]);
  });

  it("listens on HOSTNAME when it is an address or localhost", () => {
    expect(nextStartArgs({ HOSTNAME: "127.0.0.1" })).toEqual(["start", "--port", "3000", "--hostname", "127.0.0.1"]);
    expect(nextStartArgs({ HOSTNAME: "::1" })).toContain("::1");
    expect(nextStartArgs({ HOSTNAME: "localhost" })).toContain("localhost");
  });

  it("ignores a HOSTNAME that is the machine's name, and BIND_ADDRESS wins", () => {
    expect(nextStartArgs({ HOSTNAME: "f3a9c1e2b7d4" })).toEqual(["start", "--port", "3000"]);
    expect(nextStartArgs({ HOSTNAME: "127.0.0.1", BIND_ADDRESS: "0.0.0.0" })).toContain("0.0.0.0");
  });
});

describe("npm start's command", () => {
  it("runs next start under Node.js with the HTTP limits preloaded", () => {
    const { command, args } = nextStartCommand({ PORT: "4000" });
    expect(command).toBe(process.execPath);
    expect(args[0]).toBe("--import");
    expect(args[1]).toMatch(/^file:.*\/scripts\/http-limits-preload\.mjs$/);
    expect(args[2]).toMatch(/node_modules\/next\/dist\/bin\/next$/);
    expect(args.slice(3)).toEqual(["start", "--port", "4000"]);
  });
});

describe("npm start's environment (issue 31, point 4: idle memory)", () => {
  it("caps glibc's malloc arenas at two, keeping the rest of the environment", () => {
    expect(nextStartEnv({ PORT: "4000" })).toEqual({ PORT: "4000", MALLOC_ARENA_MAX: "2" });
  });

  it("lets the user's MALLOC_ARENA_MAX win", () => {
    expect(nextStartEnv({ MALLOC_ARENA_MAX: "8" }).MALLOC_ARENA_MAX).toBe("8");
  });
});
