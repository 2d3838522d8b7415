import { Clock, type LucideIcon, Mail, Store, UtensilsCrossed } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { CONTACT_EMAIL } from '@/config/contact';
import { paths } from '@/config/paths';

const linkClasses =
  'inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline';

function DetailCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Card className="flex gap-4 p-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold">{title}</h2>
          <div className="mt-1 text-[15px] leading-6 text-stone-600">{children}</div>
        </div>
      </Card>
    </li>
  );
}

export function ContactDetails() {
  return (
    <ul className="flex flex-col gap-4">
      <DetailCard icon={Mail} title="Email us">
        <p>Sales, billing and account questions.</p>
        <a href={`mailto:${CONTACT_EMAIL}`} className={linkClasses}>
          {CONTACT_EMAIL}
        </a>
      </DetailCard>
      <DetailCard icon={Clock} title="When we reply">
        <p>Within one business day, Monday to Friday.</p>
      </DetailCard>
      <DetailCard icon={Store} title="Already a customer?">
        <p>Log in to manage your restaurant, menu and subscription.</p>
        <Link to={paths.login} className={linkClasses}>
          Go to login
        </Link>
      </DetailCard>
      <DetailCard icon={UtensilsCrossed} title="A question about your order?">
        <p>Please ask the restaurant&apos;s staff: they see your order live and can help right away.</p>
      </DetailCard>
    </ul>
  );
}
