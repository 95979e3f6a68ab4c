import fs from "node:fs";

/**
 * A disk that turns read-only (EROFS) or full (ENOSPC) under one folder, on a switch: Node.js's
 * own fs functions are wrapped, below every module of Comanda's and PGlite's (its Emscripten
 * NODEFS makes these same synchronous calls), so what they see is what a real disk would answer.
 * Reads go on; opening a file for writing, writing, syncing, truncating, creating, renaming and
 * removing under the folder fail with the code while it is set. A real read-only remount is not
 * possible while PGlite holds its files open, and mounting needs privileges a CI runner lacks.
 */
export type DiskFault = "EROFS" | "ENOSPC";

let root: string | undefined;
let fault: DiskFault | undefined;
/** How many calls the switch refused since it was last set. */
let refused = 0;
const descriptors = new Set<number>();

export function setDiskFault(next: DiskFault | undefined): number {
  const before = refused;
  fault = next;
  refused = 0;
  return before;
}

const under = (file: unknown) =>
  root !== undefined && typeof file === "string" && (file === root || file.startsWith(`${root}/`));

function refuse(call: string): NodeJS.ErrnoException {
  refused += 1;
  const error: NodeJS.ErrnoException = new Error(`${fault}: injected disk fault, ${call}`);
  error.code = fault;
  return error;
}

const writing = (flags: unknown) =>
  typeof flags === "number"
    ? (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_TRUNC)) !== 0
    : typeof flags === "string" && /[wa+]/.test(flags);

type Fn = (...args: unknown[]) => unknown;
const node = fs as unknown as Record<string, Fn>;

function wrap(name: string, refuses: (args: unknown[]) => boolean, after?: (result: unknown, args: unknown[]) => void) {
  const original = node[name]!;
  node[name] = function (this: unknown, ...args: unknown[]) {
    if (fault && refuses(args)) throw refuse(name);
    const result = original.apply(this, args);
    after?.(result, args);
    return result;
  };
}

/** Installs the wrappers for files under `folder` (once per process). */
export function installDiskFaults(folder: string): void {
  if (root !== undefined) throw new Error("disk faults are already installed");
  root = folder;
  wrap(
    "openSync",
    ([file, flags]) => under(file) && writing(flags),
    (fd, [file]) => under(file) && descriptors.add(fd as number),
  );
  wrap(
    "closeSync",
    () => false,
    (_, [fd]) => descriptors.delete(fd as number),
  );
  for (const name of ["writeSync", "fsyncSync", "fdatasyncSync", "ftruncateSync"])
    wrap(name, ([fd]) => descriptors.has(fd as number));
  for (const name of ["writeFileSync", "truncateSync", "mkdirSync", "unlinkSync", "rmdirSync", "rmSync", "utimesSync"])
    wrap(name, ([file]) => under(file));
  wrap("renameSync", ([from, to]) => under(from) || under(to));
}
