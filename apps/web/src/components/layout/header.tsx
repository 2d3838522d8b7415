import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { localStore } from '@/lib/storage';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { accountSlotPaths, isAppPath, landingSections } from './nav-links';
import { SectionLink } from './section-link';
import { useScrolledPast } from './use-scrolled-past';

/** docs/product/web-app.md#shell: the header becomes sticky after a scroll of more than 100 px. */
export const STICKY_HEADER_AFTER_PX = 100;

const MOBILE_MENU_ID = 'mobile-menu';

const desktopLinkClasses =
  'inline-flex min-h-11 items-center rounded-lg px-2.5 text-[15px] whitespace-nowrap lg:px-3 font-medium text-stone-700 transition-colors hover:bg-stone-100 hover:text-stone-900 aria-[current=page]:text-brand-700';

export type HeaderProps = {
  /**
   * The diner's account control: the login button or the customer-name dropdown with Order
   * Status and Logout. Shown only on /menu-display, /cart and /customer_details
   * (docs/product/web-app.md#shell); elsewhere it is ignored.
   */
  accountSlot?: ReactNode;
};

export function Header({ accountSlot }: HeaderProps) {
  const location = useLocation();
  const stuck = useScrolledPast(STICKY_HEADER_AFTER_PX);
  // The menu belongs to the page it was opened on, so any navigation closes it by itself.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.key;
  const toggleRef = useRef<HTMLButtonElement>(null);

  const showMarketingNav = !isAppPath(location.pathname);
  const showAccountSlot = accountSlot != null && accountSlotPaths.includes(location.pathname);

  useEffect(() => {
    if (!menuOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setMenuOpenedAt(null);
      toggleRef.current?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpenedAt(null);

  return (
    // The wrapper keeps the bar's height in the flow, so the page does not jump when it turns fixed.
    <div className="h-16 md:h-18">
      <header
        data-sticky={stuck}
        className={cn(
          'inset-x-0 top-0 z-40 bg-white transition-shadow duration-200',
          stuck ? 'fixed shadow-raised' : 'relative border-b border-stone-200/80',
        )}
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 md:h-18 md:px-8">
          <Link
            to={paths.home}
            aria-label="TableServe home"
            // docs/product/web-app.md#shell: the logo clears all local storage (cart, diner session, tokens) and goes to /.
            onClick={() => {
              localStore.clear();
              closeMenu();
            }}
            className="-ml-1 inline-flex min-h-11 items-center rounded-lg px-1"
          >
            <Logo />
          </Link>

          <div className="flex items-center gap-2">
            {showMarketingNav && (
              <>
                <nav aria-label="Main" className="hidden items-center gap-0.5 md:flex">
                  {landingSections.map((section) => (
                    <SectionLink key={section.id} sectionId={section.id} className={desktopLinkClasses}>
                      {section.label}
                    </SectionLink>
                  ))}
                  <NavLink to={paths.contact} className={desktopLinkClasses}>
                    Contact
                  </NavLink>
                  <span aria-hidden="true" className="mx-1 h-6 w-px bg-stone-200 lg:mx-2" />
                  <NavLink to={paths.login} className={desktopLinkClasses}>
                    Login
                  </NavLink>
                  <NavLink
                    to={paths.register}
                    className={buttonClasses({ className: 'ml-1 whitespace-nowrap lg:ml-2' })}
                  >
                    Sign Up
                  </NavLink>
                </nav>
                <button
                  ref={toggleRef}
                  type="button"
                  aria-expanded={menuOpen}
                  aria-controls={MOBILE_MENU_ID}
                  aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                  onClick={() => setMenuOpenedAt(menuOpen ? null : location.key)}
                  className="inline-flex size-11 items-center justify-center rounded-xl text-stone-800 hover:bg-stone-100 md:hidden"
                >
                  {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
                </button>
              </>
            )}
            {showAccountSlot && accountSlot}
          </div>
        </div>
        {showMarketingNav && menuOpen && <MobileMenu id={MOBILE_MENU_ID} onClose={closeMenu} />}
      </header>
      {showMarketingNav && menuOpen && (
        // Dims the page behind the menu; a tap outside closes it.
        <div
          aria-hidden="true"
          onClick={closeMenu}
          className="fixed inset-0 z-30 bg-stone-900/30 md:hidden"
        />
      )}
    </div>
  );
}
