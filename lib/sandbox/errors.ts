// The one error type of the sandbox's domain. HTTP routes turn it into the standard's
// application/problem+json body {title, status} (plus `extra` fields, e.g. cancellationStatus).

export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(title);
    this.name = "SandboxError";
  }
}

export const notFound = (title = "Not found") => new SandboxError(404, title);
export const unprocessable = (title: string, extra: Record<string, unknown> = {}) =>
  new SandboxError(422, title, extra);
