// The one error type of the sandbox's domain. HTTP routes turn it into the standard's
// application/problem+json body {title, status}.

export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
  ) {
    super(title);
    this.name = "SandboxError";
  }
}

export const notFound = (title = "Not found") => new SandboxError(404, title);
