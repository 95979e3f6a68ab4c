// The sandbox clock: real time plus an offset the control API moves forward
// (POST /control/clock), so tests expire tokens and reach scheduled times without sleeping.

export class SandboxClock {
  constructor(
    private readonly base: () => Date = () => new Date(),
    public offsetMs = 0,
  ) {}

  readonly now = (): Date => new Date(this.base().getTime() + this.offsetMs);

  nowMs(): number {
    return this.now().getTime();
  }

  advance(seconds: number): void {
    this.offsetMs += Math.round(seconds * 1000);
  }
}
