import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** A dashboard address that leads nowhere (yet), shown inside the dashboard's frame. */
export function DashboardNotFound() {
  return (
    <Card className="flex flex-col items-start gap-3 p-6 md:p-8">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Not available</p>
      <h1 className="text-2xl font-bold">This page isn't ready yet</h1>
      <p className="text-stone-600">This part of the dashboard is not available. Head back to the start.</p>
      <Link to={paths.dashboard} className={buttonClasses({ className: 'mt-2' })}>
        Back to dashboard
      </Link>
    </Card>
  );
}
