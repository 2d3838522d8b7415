import { describe, expect, it, vi } from 'vitest';
import { type ChimeContext, playChime } from './kitchen-chime';

function fakeAudio(currentTime = 10) {
  const oscillators: {
    type: string;
    frequency: number;
    start: number;
    stop: number;
    connectedTo: unknown;
  }[] = [];
  const gains: { connectedTo: unknown; peak: number }[] = [];
  const destination = { name: 'speakers' };
  const context = {
    currentTime,
    destination,
    createOscillator: () => {
      const oscillator = {
        type: '',
        frequency: 0,
        start: Number.NaN,
        stop: Number.NaN,
        connectedTo: undefined as unknown,
      };
      oscillators.push(oscillator);
      return {
        set type(value: string) {
          oscillator.type = value;
        },
        frequency: {
          setValueAtTime: (value: number) => {
            oscillator.frequency = value;
          },
        },
        connect: (target: unknown) => {
          oscillator.connectedTo = target;
        },
        start: (when: number) => {
          oscillator.start = when;
        },
        stop: (when: number) => {
          oscillator.stop = when;
        },
      };
    },
    createGain: () => {
      const gain = { connectedTo: undefined as unknown, peak: 0 };
      gains.push(gain);
      return {
        gain: {
          setValueAtTime: vi.fn(),
          exponentialRampToValueAtTime: (value: number) => {
            gain.peak = Math.max(gain.peak, value);
          },
        },
        connect: (target: unknown) => {
          gain.connectedTo = target;
        },
      };
    },
  } as unknown as ChimeContext;
  return { context, oscillators, gains, destination };
}

describe('playChime', () => {
  it('plays two short sine tones, one after the other, rising, to the speakers', () => {
    const audio = fakeAudio(10);
    playChime(audio.context);

    expect(audio.oscillators).toHaveLength(2);
    const [first, second] = audio.oscillators;
    expect(first?.type).toBe('sine');
    expect(second?.type).toBe('sine');
    expect(second?.frequency).toBeGreaterThan(first?.frequency ?? Infinity);
    expect(first?.start).toBe(10);
    expect(second?.start).toBeGreaterThan(10);
    for (const tone of audio.oscillators) expect(tone.stop - tone.start).toBeLessThan(0.5);
    expect(audio.gains.every((gain) => gain.connectedTo === audio.destination)).toBe(true);
    expect(audio.gains.every((gain) => gain.peak > 0 && gain.peak <= 0.5)).toBe(true);
  });
});
