import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">404</p>
      <h1 className="text-3xl font-bold">This page is not on the menu</h1>
      <p className="text-stone-600">The link may be old or mistyped.</p>
      <Link to={paths.home} className={buttonClasses()}>
        Back to home
      </Link>
    </main>
  );
}
