import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { InPageLink } from '@/components/ui/in-page-link';
import { paths } from '@/config/paths';

type SectionLinkProps = {
  sectionId: string;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
};

/**
 * A link to a landing-page section: scrolls there when the landing page is open, otherwise
 * navigates to /#section and lets ScrollRestoration bring the section into view.
 */
export function SectionLink({ sectionId, className, children, onNavigate }: SectionLinkProps) {
  const { pathname } = useLocation();
  if (pathname === paths.home) {
    return (
      <InPageLink targetId={sectionId} className={className} onClick={onNavigate}>
        {children}
      </InPageLink>
    );
  }
  return (
    <Link to={{ pathname: paths.home, hash: sectionId }} className={className} onClick={onNavigate}>
      {children}
    </Link>
  );
}
