import { SandboxError } from "../errors";

// The store API's error: the envelope {status: "error", error: {code, message}} with an HTTP status.

export class StoreApiError extends SandboxError {
  constructor(
    status: number,
    readonly code: string,
    message: string,
  ) {
    super(status, message);
    this.name = "StoreApiError";
  }
}

export const unprocessable = (code: string, message: string) => new StoreApiError(422, code, message);
export const notFoundError = (what: string) => new StoreApiError(404, "not_found", `${what} not found`);
