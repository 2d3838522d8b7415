import { routerErrorTitle } from '@tableserve/contract/messages';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The error page of a page that failed; keeps the default title the specification names. */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">{routerErrorTitle}</h1>
      {detail && <p className="text-stone-600">{detail}</p>}
      <Link to={paths.home} className={buttonClasses()}>
        Back to home
      </Link>
    </main>
  );
}
