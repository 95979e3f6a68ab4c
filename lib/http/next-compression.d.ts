// The compression middleware Next.js compiles in (expressjs/compression), for the test that
// checks route handlers' answers reach it (route-answer-compression.test.ts).
declare module "next/dist/compiled/compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  export default function compression(): (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
}
