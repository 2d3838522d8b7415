/**
 * The new-order chime: two short sine tones a fifth apart (A5 then E6), made with the Web Audio
 * API so no sound file ships. Each tone fades in over 15 ms and out exponentially, which keeps it
 * soft and free of clicks.
 */
const TONES = [
  { frequency: 880, startsAt: 0 },
  { frequency: 1318.51, startsAt: 0.17 },
] as const;
const TONE_SECONDS = 0.32;
const PEAK_GAIN = 0.25;
const SILENT_GAIN = 0.0001;

/** The part of AudioContext the chime uses (so tests can hand in a stand-in). */
export type ChimeContext = Pick<
  AudioContext,
  'currentTime' | 'destination' | 'createOscillator' | 'createGain'
>;

export function playChime(context: ChimeContext): void {
  const now = context.currentTime;
  for (const tone of TONES) {
    const start = now + tone.startsAt;
    const end = start + TONE_SECONDS;
    const oscillator = context.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(tone.frequency, start);
    const gain = context.createGain();
    gain.gain.setValueAtTime(SILENT_GAIN, start);
    gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, start + 0.015);
    gain.gain.exponentialRampToValueAtTime(SILENT_GAIN, end);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(start);
    oscillator.stop(end + 0.02);
  }
}

type AudioContextClass = new () => AudioContext;

/** The browser's AudioContext constructor (Safari before 14.1 named it webkitAudioContext), if any. */
export function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}
