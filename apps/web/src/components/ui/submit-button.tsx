import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * The main submit button of a sign-in form. The spec styles it "active" only once the form is
 * filled in (docs/product/restaurant-setup.md#create-restaurant); until then it looks muted yet stays a real, clickable submit
 * button, so the browser's own validation can point at what is missing.
 */
export function SubmitButton({ ready, className, ...rest }: ButtonProps & { ready: boolean }) {
  return (
    <Button
      type="submit"
      size="lg"
      data-ready={ready}
      className={cn(
        'w-full',
        !ready && 'bg-brand-100! text-brand-800! shadow-none! hover:bg-brand-200! active:bg-brand-200!',
        className,
      )}
      {...rest}
    />
  );
}
