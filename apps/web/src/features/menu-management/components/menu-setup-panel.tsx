import { CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SetupSteps } from '@/components/ui/setup-steps';

/**
 * The setup progress while the menu-setup flag is pending (docs/product/restaurant-setup.md#menu-setup): step
 * 2 with an empty menu, step 3 once it has items, and Complete Setup after the first add.
 */
export function MenuSetupPanel({
  step,
  canComplete,
  onComplete,
}: {
  step: 2 | 3;
  canComplete: boolean;
  onComplete: () => void;
}) {
  return (
    <Card className="flex flex-col gap-5 p-5 md:p-6">
      <SetupSteps current={step} />
      {canComplete ? (
        <div className="flex flex-col gap-4 rounded-xl bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
            <p className="text-sm text-emerald-900">
              <span className="font-semibold">Your first item is on the menu.</span> Add more now or later,
              then finish setting up your restaurant.
            </p>
          </div>
          <Button size="lg" onClick={onComplete} className="shrink-0">
            Complete Setup
          </Button>
        </div>
      ) : (
        <p className="text-sm text-stone-600">
          {step === 2
            ? 'Add your first dish with the form below to continue.'
            : 'Add an item to finish setting up your menu.'}
        </p>
      )}
    </Card>
  );
}
