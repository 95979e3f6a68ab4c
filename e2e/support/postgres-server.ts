import type { Client } from "pg";

/**
 * A client on the server of a PostgreSQL URL, connected to its maintenance database ("postgres"),
 * where test and bench databases are created and dropped (one cannot drop the database one is
 * connected to). Throws when no server answers; the caller ends the client.
 */
export async function connectToPostgresServer(url: string, timeoutMs = 10_000): Promise<Client> {
  const { Client } = await import("pg");
  const server = new URL(url);
  server.pathname = "/postgres";
  const client = new Client({ connectionString: server.toString(), connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}
