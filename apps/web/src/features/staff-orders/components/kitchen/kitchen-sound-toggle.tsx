import { Volume2, VolumeX } from 'lucide-react';
import { cn } from '@/lib/cn';
import { kitchenTexts } from '../../lib/kitchen-texts';

/** One tap turns the new-order chime on or off. */
export function KitchenSoundToggle({ soundOn, onToggle }: { soundOn: boolean; onToggle: () => void }) {
  const Icon = soundOn ? Volume2 : VolumeX;
  return (
    <button
      type="button"
      aria-pressed={soundOn}
      title={kitchenTexts.soundHint}
      onClick={onToggle}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4',
        soundOn
          ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
          : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50',
      )}
    >
      <Icon className="size-5" aria-hidden />
      {soundOn ? kitchenTexts.soundOn : kitchenTexts.soundOff}
    </button>
  );
}
