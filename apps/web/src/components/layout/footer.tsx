import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from './logo';

const footerLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.contact, label: 'Contact Us' },
  { to: paths.about, label: 'About Us' },
  { to: paths.terms, label: 'Terms' },
] as const;

export function Footer() {
  return (
    <footer className="bg-stone-900 text-stone-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-5 py-12 md:flex-row md:items-start md:justify-between md:px-8">
        <div className="max-w-sm">
          <Logo tone="light" />
          <p className="mt-4 text-sm leading-6 text-stone-400">
            QR menus, table ordering and a live kitchen view for independent restaurants.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-10 gap-y-1 sm:flex sm:gap-x-2">
            {footerLinks.map((link) => (
              <li key={link.label}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center rounded-lg text-sm font-medium text-stone-200 hover:text-white sm:px-3"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-stone-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-5 py-6 text-sm text-stone-400 sm:flex-row sm:justify-between md:px-8">
          {/* docs/product/web-app.md#shell: the footer year is 2024, fixed rather than computed. */}
          <p>© 2024 TableServe</p>
          <p>Made for restaurants, from the first table to the last order.</p>
        </div>
      </div>
    </footer>
  );
}
