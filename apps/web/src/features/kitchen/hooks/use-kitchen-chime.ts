import { useCallback, useEffect, useRef, useState } from 'react';
import { audioContextClass, playChime } from '../lib/kitchen-chime';

/**
 * The kitchen's sound switch. Browsers only let a page make sound after a gesture, so sound
 * starts off and the tap that turns it on creates (or resumes) the AudioContext, and plays the
 * chime once so the cook hears how loud it is.
 */
export function useKitchenChime() {
  const [soundOn, setSoundOn] = useState(false);
  const audio = useRef<AudioContext | null>(null);

  /** Call from the switch's click handler: it must run inside the user's gesture. */
  const toggleSound = useCallback(() => {
    if (soundOn) {
      setSoundOn(false);
      return;
    }
    setSoundOn(true);
    const AudioContextClass = audioContextClass();
    if (!AudioContextClass) return;
    try {
      audio.current ??= new AudioContextClass();
      if (audio.current.state === 'suspended') void audio.current.resume().catch(() => {});
      playChime(audio.current);
    } catch (error) {
      console.warn('The new-order chime could not start', error);
    }
  }, [soundOn]);

  /** Plays the new-order chime when sound is on; nothing at all when it is off. */
  const chime = useCallback(() => {
    const context = audio.current;
    if (!soundOn || !context) return;
    if (context.state === 'suspended') void context.resume().catch(() => {});
    playChime(context);
  }, [soundOn]);

  useEffect(
    () => () => {
      void audio.current?.close().catch(() => {});
      audio.current = null;
    },
    [],
  );

  return { soundOn, toggleSound, chime };
}
