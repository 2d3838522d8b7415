import { AboutContent } from '@/features/static-pages/components/about-content';
import { PageIntro } from '@/features/static-pages/components/page-intro';

/** About page (docs/product/web-app.md#static-pages): static text. */
export function Component() {
  return (
    <main>
      <title>About · TableServe</title>
      <PageIntro
        eyebrow="About us"
        title="Built for the dinner rush, made for the table"
        lead="TableServe helps restaurants take orders at the table with QR menus, follow every order live, and keep the kitchen and the day's sales in view."
      />
      <AboutContent />
    </main>
  );
}
