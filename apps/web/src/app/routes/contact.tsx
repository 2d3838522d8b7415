import { Card } from '@/components/ui/card';
import { ContactDetails } from '@/features/static-pages/components/contact-details';
import { ContactForm } from '@/features/static-pages/components/contact-form';
import { PageIntro } from '@/features/static-pages/components/page-intro';

/** Contact page (docs/product/web-app.md#static-pages). */
export function Component() {
  return (
    <main>
      <title>Contact · TableServe</title>
      <PageIntro
        eyebrow="Contact"
        title="We'd love to hear from you"
        lead="Questions about TableServe, a plan or setting up your restaurant? Send us a message and a person will reply."
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-5 py-12 md:px-8 md:py-16 lg:grid-cols-[2fr_3fr] lg:gap-12">
        <Card className="p-6 md:p-8 lg:order-last">
          <h2 className="text-2xl font-bold tracking-tight">Send us a message</h2>
          <div className="mt-6">
            <ContactForm />
          </div>
        </Card>
        <ContactDetails />
      </div>
    </main>
  );
}
