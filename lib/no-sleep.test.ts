import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Tests do not sleep (issue 25): a test that waits for real time to pass either waits too little
// on a loaded machine (and flakes) or too long everywhere (and drags), and proves nothing about
// what it waited for. A test waits for the condition (expect.poll, vi.waitFor, Playwright's
// auto-waiting expect), an explicit signal, or moves an injected clock (vi.useFakeTimers, the
// code's own `now`, the sandbox's POST /control/clock, Playwright's page.clock).
//
// This test reads every test file and test helper with the TypeScript parser and fails on:
//   - `waitForTimeout(…)` (Playwright's sleep), and `scheduler.wait(…)`;
//   - a promise resolved by a timer: `new Promise((resolve) => setTimeout(resolve, ms))`, or a
//     timer callback that calls the executor's resolve (`setTimeout(() => resolve(x), ms)`);
//   - anything imported from `timers/promises` (its promise-returning setTimeout), and
//     `promisify(setTimeout)`;
//   - a call of a function named sleep, delay, pause or wait (wherever it was defined).
// A timer that rejects or kills (a deadline, a watchdog) is not a sleep. A delay that is itself
// the behaviour under test (an injected latency, a reconnection delay a client reproduces) is
// allowed when the statement is preceded by a comment saying `not a sleep: <why>`.

const ROOT = path.resolve(import.meta.dirname, "..");

/** The files checked: tests beside the code, the browser specs, and the test support. */
function testFiles(): string[] {
  const files: string[] = [];
  for (const folder of ["lib", "components", "app", "scripts"]) {
    for (const entry of readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })) {
      if (/\.test\.tsx?$/.test(entry) && !entry.includes("node_modules")) files.push(path.join(folder, entry));
    }
  }
  for (const entry of readdirSync(path.join(ROOT, "e2e"), { recursive: true, encoding: "utf8" })) {
    const file = path.join("e2e", entry);
    if (/\.spec\.ts$/.test(entry) || (file.startsWith(path.join("e2e", "support")) && /\.(ts|tsx|mts)$/.test(entry)))
      files.push(file);
  }
  return files.sort();
}

interface Sleep {
  line: number;
  what: string;
}

const SLEEP_NAMES = new Set(["sleep", "delay", "pause", "wait"]);

const calleeName = (call: ts.CallExpression): string | undefined => {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
};

/** setTimeout itself: `setTimeout`, `globalThis.setTimeout`, `window.setTimeout` (not `test.setTimeout`). */
const isTimer = (call: ts.CallExpression): boolean => {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text === "setTimeout";
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === "setTimeout" &&
    ts.isIdentifier(callee.expression) &&
    ["globalThis", "window", "global"].includes(callee.expression.text)
  );
};

const callsIdentifier = (node: ts.Node, name: string): boolean => {
  let found = false;
  const visit = (child: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(child) && ts.isIdentifier(child.expression) && child.expression.text === name) found = true;
    else ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
};

/** Whether the statement holding `node` is preceded by a `not a sleep: <why>` comment. */
function markedNotASleep(node: ts.Node, source: ts.SourceFile): boolean {
  let statement: ts.Node = node;
  while (statement.parent && !ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent))
    statement = statement.parent;
  const comments = ts.getLeadingCommentRanges(source.text, statement.getFullStart()) ?? [];
  return comments.some((range) => /not a sleep: \S+/.test(source.text.slice(range.pos, range.end)));
}

/** The sleeps in one file's source text. */
function findSleeps(fileName: string, text: string): Sleep[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const sleeps: Sleep[] = [];
  const report = (node: ts.Node, what: string) => {
    if (markedNotASleep(node, source)) return;
    sleeps.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (/^(node:)?timers\/promises$/.test(node.moduleSpecifier.text)) report(node, "imports timers/promises");
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name === "waitForTimeout") report(node, "waitForTimeout()");
      if (name === "wait" && ts.isPropertyAccessExpression(node.expression)) {
        const owner = node.expression.expression;
        if (ts.isIdentifier(owner) && owner.text === "scheduler") report(node, "scheduler.wait()");
      }
      if (ts.isIdentifier(node.expression) && SLEEP_NAMES.has(node.expression.text))
        report(node, `${node.expression.text}()`);
      if (
        name === "promisify" &&
        node.arguments.some((argument) => ts.isIdentifier(argument) && argument.text === "setTimeout")
      )
        report(node, "promisify(setTimeout)");
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Promise") {
      const executor = node.arguments?.[0];
      const resolve =
        executor && (ts.isArrowFunction(executor) || ts.isFunctionExpression(executor))
          ? executor.parameters[0]?.name
          : undefined;
      if (resolve && ts.isIdentifier(resolve)) {
        const findTimer = (child: ts.Node) => {
          if (ts.isCallExpression(child) && isTimer(child)) {
            const [callback] = child.arguments;
            const resolvesAtOnce = callback && ts.isIdentifier(callback) && callback.text === resolve.text;
            const resolvesInside =
              callback &&
              (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)) &&
              callsIdentifier(callback.body, resolve.text);
            if (resolvesAtOnce || resolvesInside) report(node, "a promise resolved by setTimeout");
          }
          ts.forEachChild(child, findTimer);
        };
        ts.forEachChild(executor!, findTimer);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sleeps;
}

describe("the no-sleep check", () => {
  const sleepsIn = (text: string) => findSleeps("sample.ts", text).map((sleep) => sleep.what);

  it("finds each way of waiting for time to pass", () => {
    expect(sleepsIn(`await new Promise((resolve) => setTimeout(resolve, 100));`)).toEqual([
      "a promise resolved by setTimeout",
    ]);
    expect(sleepsIn(`const sleep = (ms: number) => new Promise<void>((r) => { setTimeout(r, ms); });`)).toEqual([
      "a promise resolved by setTimeout",
    ]);
    expect(sleepsIn(`await new Promise(function (done) { globalThis.setTimeout(() => done("late"), 5); });`)).toEqual([
      "a promise resolved by setTimeout",
    ]);
    expect(sleepsIn(`await page.waitForTimeout(5_000);`)).toEqual(["waitForTimeout()"]);
    expect(sleepsIn(`await sleep(50);`)).toEqual(["sleep()"]);
    expect(sleepsIn(`await pause(1); await delay(2); await wait(3);`)).toEqual(["pause()", "delay()", "wait()"]);
    expect(sleepsIn(`import { setTimeout as later } from "node:timers/promises";`)).toEqual([
      "imports timers/promises",
    ]);
    expect(sleepsIn(`await scheduler.wait(10);`)).toEqual(["scheduler.wait()"]);
    expect(sleepsIn(`const later = promisify(setTimeout);`)).toEqual(["promisify(setTimeout)"]);
  });

  it("leaves deadlines, watchdogs, fake clocks, condition waits and marked delays alone", () => {
    expect(
      sleepsIn(`
        test.setTimeout(90_000);
        await new Promise((resolve, reject) => {
          const deadline = setTimeout(() => reject(new Error("late")), 60_000);
          child.once("exit", () => { clearTimeout(deadline); resolve(undefined); });
          setTimeout(() => child.kill("SIGKILL"), 5_000);
        });
        vi.useFakeTimers();
        await vi.advanceTimersByTimeAsync(4_999);
        await page.clock.runFor(5_000);
        await expect.poll(() => count(), { timeout: 3_000 }).toBe(3);
        await vi.waitFor(() => expect(done).toBe(true));
        await new Promise(setImmediate);
        // not a sleep: EventSource's reconnection delay, the behaviour under test.
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      `),
    ).toEqual([]);
    // The mark needs a reason.
    expect(
      sleepsIn(`
        // not a sleep:
        await new Promise((resolve) => setTimeout(resolve, 100));
      `),
    ).toEqual(["a promise resolved by setTimeout"]);
  });

  it("finds no sleep in any test file, browser spec or test helper", () => {
    const files = testFiles();
    // The walk finds the files it is meant to (a wrong root would find none and pass).
    expect(files).toContain(path.join("lib", "realtime", "board-stream.test.ts"));
    expect(files).toContain(path.join("e2e", "board-alerts.spec.ts"));
    expect(files).toContain(path.join("e2e", "support", "sandbox", "harness.ts"));
    expect(files.length).toBeGreaterThan(150);
    const found = files.flatMap((file) =>
      findSleeps(file, readFileSync(path.join(ROOT, file), "utf8")).map(
        (sleep) => `${file}:${sleep.line}: ${sleep.what}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
