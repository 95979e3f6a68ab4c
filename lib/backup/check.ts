import "server-only";
import {
  backupEndSchema,
  backupHeaderSchema,
  backupLine,
  backupTableSchema,
  splitBackupLine,
  type BackupHeader,
} from "./format";

/**
 * Follows a backup as it is written (by the dump, or as it arrives from the server), checking
 * what a restore will check: the header first, each row under a table, and an end line whose
 * counts match the rows. Passes the text on, with the keys line right after the header when one
 * is given. `end` throws when the copy was cut short.
 */
export class BackupCheck {
  header: BackupHeader | null = null;
  readonly rows: Record<string, number> = {};
  private table: string | null = null;
  private ended = false;
  private rest = "";

  constructor(
    private readonly write: (text: string) => Promise<void>,
    private readonly keysJson: string | null,
  ) {}

  async push(text: string): Promise<void> {
    const lines = (this.rest + text).split("\n");
    this.rest = lines.pop()!;
    let out = "";
    for (const line of lines) out += this.check(line);
    if (out) await this.write(out);
  }

  async end(): Promise<void> {
    if (this.rest) await this.push("\n");
    if (!this.ended) throw new Error("The backup was cut short (no end line): nothing was kept. Try again.");
  }

  private check(line: string): string {
    const parsed = splitBackupLine(line);
    if (!parsed) return "";
    if (this.ended) throw new Error("The backup goes on after its end line.");
    if (!this.header) {
      if (parsed.tag !== "H") throw new Error("The answer is not a Comanda backup (no header).");
      this.header = backupHeaderSchema.parse(JSON.parse(parsed.json));
      return `${line}\n${this.keysJson ? `${backupLine("K", this.keysJson)}\n` : ""}`;
    }
    if (parsed.tag === "T") {
      this.table = backupTableSchema.parse(JSON.parse(parsed.json)).table;
      this.rows[this.table] = 0;
    } else if (parsed.tag === "R") {
      if (!this.table) throw new Error("The backup has a row before any table.");
      this.rows[this.table]! += 1;
    } else if (parsed.tag === "E") {
      const { rows } = backupEndSchema.parse(JSON.parse(parsed.json));
      for (const name of new Set([...Object.keys(rows), ...Object.keys(this.rows)]))
        if (rows[name] !== this.rows[name])
          throw new Error(`The backup is damaged: ${name} should have ${rows[name]} rows, it has ${this.rows[name]}.`);
      this.ended = true;
    }
    return `${line}\n`;
  }
}
