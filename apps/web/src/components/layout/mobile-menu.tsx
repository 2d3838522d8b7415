import { NavLink } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { landingSections } from './nav-links';
import { SectionLink } from './section-link';

const rowClasses =
  'flex min-h-12 items-center rounded-xl px-4 text-base font-medium text-stone-800 hover:bg-stone-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700';

/** The phone-width menu: a panel under the bar with full-width 48 px rows. */
export function MobileMenu({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <nav
      id={id}
      aria-label="Main"
      className="absolute inset-x-0 top-full z-40 border-t border-stone-200 bg-white px-4 pt-3 pb-5 shadow-raised md:hidden"
    >
      <ul className="flex flex-col gap-1">
        {landingSections.map((section) => (
          <li key={section.id}>
            <SectionLink sectionId={section.id} className={rowClasses} onNavigate={onClose}>
              {section.label}
            </SectionLink>
          </li>
        ))}
        <li>
          <NavLink to={paths.contact} className={rowClasses} onClick={onClose}>
            Contact
          </NavLink>
        </li>
      </ul>
      <div className="mt-4 grid grid-cols-2 gap-3 border-t border-stone-200 pt-4">
        <NavLink
          to={paths.login}
          onClick={onClose}
          className={buttonClasses({ variant: 'secondary', size: 'lg' })}
        >
          Login
        </NavLink>
        <NavLink to={paths.register} onClick={onClose} className={buttonClasses({ size: 'lg' })}>
          Sign Up
        </NavLink>
      </div>
    </nav>
  );
}
