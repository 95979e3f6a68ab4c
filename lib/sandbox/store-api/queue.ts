import type { StoreDef } from "../catalog/types";

// The waiting list at the door (fila de espera): who is waiting for a table, in arrival order.
// Seeded per store relative to the time the store API first asks.

export type QueueEntry = {
  code: string;
  name: string;
  telephone: string;
  size: number;
  createdAt: number;
  doneAt: number | null;
};

const MINUTE = 60_000;

export function seedQueue(store: StoreDef, nowMs: number): QueueEntry[] {
  const prefix = store.tableSections[0]?.prefixCode ?? "F";
  const people: [string, string, number, number, boolean][] = [
    ["Mariana Costa", "11991234567", 4, 48, true],
    ["Rafael Almeida", "11992345678", 2, 35, false],
    ["Juliana Ribeiro", "11993456789", 6, 22, false],
    ["Thiago Martins", "11994567890", 3, 9, false],
  ];
  return people.map(([name, telephone, size, minutesAgo, done], i) => ({
    code: `${prefix}${String(store.id).slice(-2)}${String(i + 1).padStart(2, "0")}`,
    name,
    telephone,
    size,
    createdAt: nowMs - minutesAgo * MINUTE,
    doneAt: done ? nowMs - 5 * MINUTE : null,
  }));
}

export function queuePositionShape(queue: readonly QueueEntry[], entry: QueueEntry) {
  const waiting = queue.filter((e) => e.doneAt === null);
  return {
    createdAt: new Date(entry.createdAt).toISOString(),
    doneAt: entry.doneAt === null ? null : new Date(entry.doneAt).toISOString(),
    code: entry.code,
    name: entry.name,
    telephone: entry.telephone,
    size: entry.size,
    position: entry.doneAt === null ? waiting.indexOf(entry) + 1 : 0,
  };
}
