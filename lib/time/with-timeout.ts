/**
 * The work's value, or an error saying `late()` ("no answer in N ms" unless told) when `ms` pass
 * first. The work itself goes on: a caller that must stop it aborts it too.
 */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  late: () => string = () => `no answer in ${ms} ms`,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(late())), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
