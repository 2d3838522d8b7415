import { CircleAlert, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { BackToMenu } from './back-to-menu';

/**
 * A whole-page message for a diner's order screen (nothing to show, or it did not load), always
 * with a way back to the menu.
 */
export function MessageCard({
  title,
  children,
  tone = 'info',
  action,
  restaurantId,
}: {
  title: string;
  children?: ReactNode;
  tone?: 'info' | 'error';
  action?: ReactNode;
  restaurantId?: number | null;
}) {
  const Icon = tone === 'error' ? CircleAlert : ReceiptText;
  return (
    <Card className="flex flex-col items-center px-6 py-10 text-center sm:px-10">
      <span
        className={cn(
          'grid size-14 place-items-center rounded-2xl ring-1',
          tone === 'error'
            ? 'bg-red-50 text-red-700 ring-red-100'
            : 'bg-brand-50 text-brand-700 ring-brand-100',
        )}
      >
        <Icon className="size-7" aria-hidden />
      </span>
      <div role={tone === 'error' ? 'alert' : undefined} className="mt-5">
        <h1 className="text-xl font-bold tracking-tight md:text-2xl">{title}</h1>
        {children && <p className="mx-auto mt-2 max-w-md text-base leading-7 text-stone-600">{children}</p>}
      </div>
      <div className="mt-7 flex w-full flex-col-reverse justify-center gap-3 sm:w-auto sm:flex-row">
        <BackToMenu restaurantId={restaurantId} variant={action ? 'secondary' : 'primary'} />
        {action}
      </div>
    </Card>
  );
}
