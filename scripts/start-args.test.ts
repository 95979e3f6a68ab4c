import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nextStartArgs, nextStartCommand } from "./start-args.mjs";

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
  const script = (
    JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      scripts: { start: string };
    }
  ).scripts.start;
  /** A variable as the start script's Node.js process sees it (its command swapped for a probe). */
  const seen = (name: string, env: Record<string, string>) =>
    execFileSync(
      "sh",
      ["-c", `${script.slice(0, script.indexOf("node "))}node -e "process.stdout.write(process.env.${name})"`],
      { env: { ...process.env, [name]: undefined, ...env }, encoding: "utf8" },
    );
  const arenas = (env: Record<string, string>) => seen("MALLOC_ARENA_MAX", env);
  const mmapThreshold = (env: Record<string, string>) => seen("MALLOC_MMAP_THRESHOLD_", env);

  it("serves from scripts/start.mjs's own process, which replaces the script's shell", () => {
    expect(script).toMatch(/^[^;&|]*\bexec node [^;&|]*scripts\/start\.mjs$/);
  });

  it("caps glibc's malloc arenas at two before Node.js starts", () => {
    expect(arenas({})).toBe("2");
  });

  it("lets the user's MALLOC_ARENA_MAX win", () => {
    expect(arenas({ MALLOC_ARENA_MAX: "8" })).toBe("8");
  });

  it("fixes glibc's mmap threshold at 128 KiB, unless the user set one", () => {
    expect(mmapThreshold({})).toBe("131072");
    expect(mmapThreshold({ MALLOC_MMAP_THRESHOLD_: "1048576" })).toBe("1048576");
  });
});
