import "server-only";
import { randomBytes } from "node:crypto";
import os from "node:os";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process/singleton";

/**
 * This process's name among the instances sharing a database: INSTANCE_ID, or host, process id
 * and a random suffix (a restarted process is a new instance: its old leases simply expire).
 */
export function instanceId(): string {
  return processSingleton(
    "instanceId",
    () => env.INSTANCE_ID ?? `${os.hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`,
  );
}
