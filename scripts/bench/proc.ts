import { readFileSync } from "node:fs";

// What the benches read of a process from Linux's /proc (they run on Linux only).

const CLOCK_TICKS_PER_SECOND = 100; // Linux's USER_HZ

/** The fields of /proc/PID/stat after the command's closing parenthesis (the command may hold spaces). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** CPU seconds (user + system) the process has used so far; throws once it is gone. */
export function processCpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** The process's parent's pid; throws once it is gone. */
export function parentPid(pid: number): number {
  return Number(statFields(pid)[1]);
}

/** The process's resident memory (VmRSS) in MB; throws once it is gone. */
export function processRssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}
