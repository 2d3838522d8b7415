import { TermsContent } from '@/components/legal/terms-content';
import { PageIntro } from '@/features/static-pages/components/page-intro';

/** Terms page (docs/product/web-app.md#static-pages): static text; users must be 18 or older. */
export function Component() {
  return (
    <main>
      <title>Terms and Conditions · TableServe</title>
      <PageIntro
        eyebrow="Legal"
        title="Terms and Conditions"
        lead="The rules for using TableServe, whether you run a restaurant or order from one. Please read them before you sign up or order."
      />
      <TermsContent />
    </main>
  );
}
