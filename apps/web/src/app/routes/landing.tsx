import { BackToTop } from '@/components/layout/back-to-top';
import { FeaturesSection } from '@/features/landing/components/features-section';
import { GetStartedBand } from '@/features/landing/components/get-started-band';
import { Hero } from '@/features/landing/components/hero';
import { PricingSection } from '@/features/landing/components/pricing-section';
import { SearchSection } from '@/features/landing/components/search-section';
import { TestimonialsSection } from '@/features/landing/components/testimonials-section';

/** The public landing page (docs/product/web-app.md#landing-page). */
export function Component() {
  return (
    <>
      <title>TableServe · QR table ordering for restaurants</title>
      <main>
        <Hero />
        <SearchSection />
        <FeaturesSection />
        <PricingSection />
        <TestimonialsSection />
        <GetStartedBand />
      </main>
      <BackToTop />
    </>
  );
}
