import { ChevronDown, KeyRound, LogIn, type LucideIcon, UserPlus, UserRound } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { CheckoutSignInProps } from '@/session/diner/checkout-sign-in';
import { ForgotPasswordForm } from './forgot-password-form';
import { GuestForm } from './guest-form';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

/** docs/product/accounts.md#diner-accounts: the four modes. */
export type CheckoutAuthMode = 'login' | 'signup' | 'guestLogin' | 'forgotPassword';

type Panel = { mode: CheckoutAuthMode; title: string; description: string; icon: LucideIcon };

const panels: Panel[] = [
  { mode: 'login', title: 'Log In', description: 'Have an account? Sign in to order.', icon: LogIn },
  {
    mode: 'signup',
    title: 'Create an Account',
    description: 'Save your details for next time.',
    icon: UserPlus,
  },
  {
    mode: 'guestLogin',
    title: 'Login as Guest',
    description: 'Order with just your name, email and phone.',
    icon: UserRound,
  },
  {
    mode: 'forgotPassword',
    title: 'Forgot Password',
    description: 'Get a link to choose a new one.',
    icon: KeyRound,
  },
];

/**
 * The checkout's four panels (docs/product/ordering.md#checkout) as an accordion: on a phone
 * one open form at a time keeps the page short, and each header is a full-width tap target.
 */
export function CheckoutSignIn({ restaurantId, onSignedIn }: CheckoutSignInProps) {
  const [open, setOpen] = useState<CheckoutAuthMode | null>('login');

  const forms: Record<CheckoutAuthMode, ReactNode> = {
    login: <LoginForm onSuccess={onSignedIn} onForgotPassword={() => setOpen('forgotPassword')} />,
    signup: <SignupForm onSuccess={onSignedIn} restaurantId={restaurantId} />,
    guestLogin: <GuestForm onSuccess={onSignedIn} restaurantId={restaurantId} />,
    forgotPassword: <ForgotPasswordForm onSuccess={() => setOpen('login')} />,
  };

  return (
    <Card className="overflow-hidden">
      <div className="px-5 pt-5 pb-3 md:px-6 md:pt-6">
        <h2 className="text-lg font-semibold">Who is ordering?</h2>
        <p className="mt-1 text-sm text-stone-600">
          Log in, create an account or continue as a guest to place your order.
        </p>
      </div>
      <div className="divide-y divide-stone-100 border-t border-stone-100">
        {panels.map((panel) => (
          <AccordionPanel
            key={panel.mode}
            panel={panel}
            open={open === panel.mode}
            onToggle={() => setOpen((current) => (current === panel.mode ? null : panel.mode))}
          >
            {forms[panel.mode]}
          </AccordionPanel>
        ))}
      </div>
    </Card>
  );
}

function AccordionPanel({
  panel,
  open,
  onToggle,
  children,
}: {
  panel: Panel;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const Icon = panel.icon;
  return (
    <div className={cn(open && 'bg-stone-50/60')}>
      <h3>
        <button
          id={`${id}-header`}
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          aria-describedby={`${id}-description`}
          onClick={onToggle}
          className="flex min-h-16 w-full items-center gap-3.5 px-5 py-3 text-left transition-colors hover:bg-stone-50 md:px-6"
        >
          <span
            aria-hidden
            className={cn(
              'grid size-10 shrink-0 place-items-center rounded-xl transition-colors',
              open ? 'bg-brand-600 text-white' : 'bg-brand-50 text-brand-700',
            )}
          >
            <Icon className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-base font-semibold text-stone-900">{panel.title}</span>
            <span id={`${id}-description`} aria-hidden className="block text-sm font-normal text-stone-500">
              {panel.description}
            </span>
          </span>
          <ChevronDown
            aria-hidden
            className={cn('size-5 shrink-0 text-stone-400 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      <section
        id={`${id}-panel`}
        aria-labelledby={`${id}-header`}
        hidden={!open}
        className="px-5 pt-1 pb-6 md:px-6"
      >
        {open && children}
      </section>
    </div>
  );
}
