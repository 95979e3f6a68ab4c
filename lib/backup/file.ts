import "server-only";
import { createReadStream, createWriteStream, renameSync, rmSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createGunzip, createGzip } from "node:zlib";
import { makePrivateDir } from "@/lib/private-files";

/** The lines of a backup read from a stream of its text (plain or gzip, told by its first bytes). */
export async function* backupLines(source: Readable): AsyncGenerator<string> {
  const reader = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await reader.next();
  if (first.done) return;
  const start = Buffer.from(first.value);
  const whole = Readable.from(
    (async function* () {
      yield start;
      for (let next = await reader.next(); !next.done; next = await reader.next()) yield next.value;
    })(),
  );
  let text: Readable = whole;
  if (start[0] === 0x1f && start[1] === 0x8b) {
    const gunzip = createGunzip();
    whole.once("error", (error) => gunzip.destroy(error));
    text = whole.pipe(gunzip);
  }
  // Split by hand rather than with readline: an error of the stream (a corrupt gzip) must reach
  // the reader, which for-await over the stream does.
  const decoder = new StringDecoder("utf8");
  let rest = "";
  for await (const chunk of text as AsyncIterable<Buffer>) {
    const lines = (rest + decoder.write(chunk)).split("\n");
    rest = lines.pop()!;
    yield* lines;
  }
  rest += decoder.end();
  if (rest !== "") yield rest;
}

/** The lines of a backup file. */
export function readBackupFile(file: string): AsyncGenerator<string> {
  return backupLines(createReadStream(file));
}

/**
 * Writes a backup file: gzip-compressed, private (0600 in a 0700 folder), first as
 * `<file>.partial`, renamed to `file` only once complete, so a file by the final name is whole.
 */
export class BackupFileWriter {
  private readonly partial: string;
  private readonly gzip = createGzip();
  private readonly out: Writable;
  bytesIn = 0;

  constructor(readonly file: string) {
    makePrivateDir(path.dirname(path.resolve(file)));
    this.partial = `${file}.partial`;
    this.out = createWriteStream(this.partial, { mode: 0o600, flags: "wx" });
    this.gzip.pipe(this.out);
  }

  async write(text: string): Promise<void> {
    this.bytesIn += Buffer.byteLength(text);
    if (!this.gzip.write(text)) await once(this.gzip, "drain");
  }

  async finish(): Promise<void> {
    this.gzip.end();
    await once(this.out, "close");
    renameSync(this.partial, this.file);
  }

  abort(): void {
    this.gzip.destroy();
    this.out.destroy();
    rmSync(this.partial, { force: true });
  }
}
