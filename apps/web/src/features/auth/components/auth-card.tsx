import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

type Tone = 'brand' | 'success' | 'error';

const badgeTones: Record<Tone, string> = {
  brand: 'bg-brand-600 text-white shadow-lg shadow-brand-600/25',
  success: 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200',
  error: 'bg-red-50 text-red-700 ring-1 ring-red-200',
};

type AuthCardProps = {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  tone?: Tone;
  children: ReactNode;
  className?: string;
};

/** The white card of a sign-in screen: an icon badge, the screen's heading, then its content. */
export function AuthCard({
  icon: Icon,
  title,
  description,
  tone = 'brand',
  children,
  className,
}: AuthCardProps) {
  return (
    <Card className={cn('px-5 py-7 sm:px-8 sm:py-9 md:px-10', className)}>
      <div className="mb-7 flex flex-col items-center text-center">
        <span className={cn('grid size-12 place-items-center rounded-2xl', badgeTones[tone])} aria-hidden>
          <Icon className="size-6" strokeWidth={2.2} />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
        {description && (
          <p className="mt-2 max-w-sm text-[0.9375rem] leading-6 text-stone-600">{description}</p>
        )}
      </div>
      {children}
    </Card>
  );
}
