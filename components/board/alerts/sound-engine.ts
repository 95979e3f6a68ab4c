/**
 * The board's alarms, synthesised with the Web Audio API (no audio files to load or cache).
 * Browsers start an AudioContext suspended until a person taps: `unlock()` must run inside a tap
 * handler (the Start shift button).
 */

export type SoundKind = "new" | "urgent" | "stopCooking" | "connectionLost" | "cancellationRequest";

interface Note {
  /** Seconds from the start of the burst. */
  at: number;
  duration: number;
  frequency: number;
  /** Slides to this frequency over the note (a falling "stop" sweep). */
  slideTo?: number;
  wave: OscillatorType;
  volume: number;
}

interface Pattern {
  notes: Note[];
  /** The burst repeats this often for as long as the sound is wanted. */
  everyMs: number;
}

const note = (
  at: number,
  duration: number,
  frequency: number,
  wave: OscillatorType,
  volume: number,
  slideTo?: number,
): Note => ({
  at,
  duration,
  frequency,
  wave,
  volume,
  slideTo,
});

/** Five patterns a cook tells apart without looking: rhythm, pitch and timbre all differ. */
export const PATTERNS: Record<SoundKind, Pattern> = {
  // A doorbell "ding-dong", every 4 s: someone is waiting.
  new: { notes: [note(0, 0.35, 988, "triangle", 0.5), note(0.4, 0.5, 784, "triangle", 0.5)], everyMs: 4_000 },
  // Three sharp high beeps, every 1.5 s: a confirm deadline is near.
  urgent: {
    notes: [
      note(0, 0.12, 1568, "square", 0.25),
      note(0.18, 0.12, 1568, "square", 0.25),
      note(0.36, 0.12, 1568, "square", 0.25),
    ],
    everyMs: 1_500,
  },
  // Two long falling sweeps, every 2.5 s: stop, an order in the kitchen was cancelled.
  stopCooking: {
    notes: [note(0, 0.5, 900, "sawtooth", 0.22, 300), note(0.6, 0.5, 900, "sawtooth", 0.22, 300)],
    everyMs: 2_500,
  },
  // A rising three-note question (low, middle, high) twice, every 3.5 s: someone asks to cancel.
  cancellationRequest: {
    notes: [
      note(0, 0.16, 440, "sine", 0.5),
      note(0.2, 0.16, 554, "sine", 0.5),
      note(0.4, 0.3, 659, "sine", 0.5),
      note(0.9, 0.16, 440, "sine", 0.5),
      note(1.1, 0.16, 554, "sine", 0.5),
      note(1.3, 0.3, 659, "sine", 0.5),
    ],
    everyMs: 3_500,
  },
  // A low two-tone siren, every 3 s: the board may be missing orders.
  connectionLost: {
    notes: [
      note(0, 0.4, 523, "square", 0.2),
      note(0.45, 0.4, 392, "square", 0.2),
      note(0.9, 0.4, 523, "square", 0.2),
      note(1.35, 0.4, 392, "square", 0.2),
    ],
    everyMs: 3_000,
  },
};

export type AudioLockState = "locked" | "running" | "suspended" | "closed" | "unsupported";

export class SoundEngine {
  private context: AudioContext | null = null;
  private current: SoundKind | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Notes handed to the audio hardware so far: tests see the alarm really sound, not just a flag. */
  notesPlayed = 0;
  private onStateChange: (() => void) | undefined;

  /** Tells `listener` when the browser suspends or resumes audio (a tablet asleep, another app took it). */
  watch(listener: () => void): () => void {
    this.onStateChange = listener;
    return () => {
      this.onStateChange = undefined;
    };
  }

  /** Call from a tap: creates and resumes the context. Answers whether sound can play now. */
  async unlock(): Promise<boolean> {
    if (typeof AudioContext === "undefined") return false;
    if (!this.context) {
      this.context = new AudioContext();
      this.context.onstatechange = () => this.onStateChange?.();
    }
    try {
      await this.context.resume();
    } catch {
      return false;
    }
    return this.context.state === "running";
  }

  get state(): AudioLockState {
    if (typeof AudioContext === "undefined") return "unsupported";
    return this.context ? (this.context.state as AudioLockState) : "locked";
  }

  /** What is sounding now (null: silence). */
  get playing(): SoundKind | null {
    return this.state === "running" ? this.current : null;
  }

  /** Loops `kind` until told otherwise; null stops. Asking for what already plays changes nothing. */
  play(kind: SoundKind | null): void {
    if (kind === this.current) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.current = kind;
    if (!kind) return;
    this.burst(kind);
    this.timer = setInterval(() => this.burst(kind), PATTERNS[kind].everyMs);
  }

  /** One pass of a pattern, outside the loop: the Start shift sound check. */
  chime(kind: SoundKind): void {
    this.burst(kind);
  }

  dispose(): void {
    this.play(null);
    void this.context?.close().catch(() => undefined);
    this.context = null;
  }

  private burst(kind: SoundKind): void {
    const context = this.context;
    if (!context || context.state !== "running") return;
    const start = context.currentTime + 0.02;
    for (const { at, duration, frequency, slideTo, wave, volume } of PATTERNS[kind].notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const from = start + at;
      oscillator.type = wave;
      oscillator.frequency.setValueAtTime(frequency, from);
      if (slideTo) oscillator.frequency.exponentialRampToValueAtTime(slideTo, from + duration);
      // A short attack and release: no clicks, and the note cuts through kitchen noise.
      gain.gain.setValueAtTime(0.0001, from);
      gain.gain.exponentialRampToValueAtTime(volume, from + 0.015);
      gain.gain.setValueAtTime(volume, from + duration - 0.04);
      gain.gain.exponentialRampToValueAtTime(0.0001, from + duration);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(from);
      oscillator.stop(from + duration + 0.02);
      this.notesPlayed += 1;
    }
  }
}
