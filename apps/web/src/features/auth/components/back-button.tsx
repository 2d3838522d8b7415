import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * Returns to the previous page (docs/product/accounts.md#owner-login). Opened directly, with no page of this
 * app behind it, it goes home instead of leaving the site.
 */
export function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <button
      type="button"
      onClick={() => (location.key === 'default' ? navigate(paths.home) : navigate(-1))}
      className={buttonClasses({ variant: 'ghost', className: '-ml-3 mb-3 text-stone-600' })}
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back
    </button>
  );
}
