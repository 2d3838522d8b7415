import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { InPageLink } from '@/components/ui/in-page-link';
import { CONTACT_EMAIL } from '@/config/contact';
import { paths } from '@/config/paths';

export type TermsSection = { id: string; title: string; body: ReactNode };

/** The terms of use, section by section; also shown inside the diner's sign-up and guest forms. */
export const termsSections: TermsSection[] = [
  {
    id: 'terms-scope',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms govern your use of TableServe, a restaurant table service application that lets
          restaurants publish QR menus and receive orders, and lets diners order from those menus and follow
          their status (the “Service”).
        </p>
        <p>
          By creating an account, placing an order or otherwise using the Service, you agree to these terms.
          If you do not agree, please do not use the Service.
        </p>
      </>
    ),
  },
  {
    id: 'terms-eligibility',
    title: 'Who can use TableServe',
    body: (
      <>
        <p className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 font-medium text-brand-900">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
          <span>You must be 18 years or older to use TableServe.</span>
        </p>
        <p>
          By using the Service you confirm that you are at least 18 and able to enter into a binding
          agreement. If you register on behalf of a restaurant or another business, you confirm that you are
          authorised to accept these terms for it.
        </p>
      </>
    ),
  },
  {
    id: 'terms-accounts',
    title: 'Your account',
    body: (
      <p>
        Give accurate details when you register and keep them up to date. Verify your email address when
        asked. Keep your password to yourself: you are responsible for what happens under your account, and
        you should tell us straight away if you think someone else has used it.
      </p>
    ),
  },
  {
    id: 'terms-subscriptions',
    title: 'Subscriptions and billing',
    body: (
      <>
        <p>
          Restaurant accounts need an active paid subscription. Plans are billed monthly in advance by card
          through our payment provider; TableServe never stores your full card number. The price of each plan
          is shown before you pay.
        </p>
        <p>
          If a renewal payment fails, your subscription enters a 7-day grace period. If payment still has not
          arrived at its end, the subscription expires and your menu is no longer shown to diners.
        </p>
        <p>
          You can cancel from the fifth day after your subscription starts. A cancellation normally takes
          effect at your next billing date. Where you cancel immediately and a pro-rated refund applies, it is
          worked out per day of the period left and may take 5-10 business days to process.
        </p>
      </>
    ),
  },
  {
    id: 'terms-orders',
    title: 'Orders placed by diners',
    body: (
      <p>
        When you order from a restaurant&apos;s menu, you order from that restaurant, not from TableServe. The
        restaurant sets its menu, prices and availability, prepares your order and is responsible for its
        quality, for allergen information and for taking payment. Order statuses are updated by the
        restaurant&apos;s staff.
      </p>
    ),
  },
  {
    id: 'terms-content',
    title: 'Menus and other content',
    body: (
      <p>
        Restaurants are responsible for the menus, descriptions, prices and photos they publish, and must have
        the right to use them. You allow us to store and display that content for as long as it is needed to
        run the Service for you.
      </p>
    ),
  },
  {
    id: 'terms-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>When using the Service, you agree not to:</p>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>place fake orders or orders you do not intend to collect or pay for;</li>
          <li>try to reach accounts, orders or data that are not yours;</li>
          <li>upload unlawful, misleading or offensive content;</li>
          <li>disrupt the Service, for example by flooding it with requests.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'terms-privacy',
    title: 'Your data',
    body: (
      <p>
        We use personal details such as your name, email address, phone number and order history only to
        provide the Service. When you place an order, the details the restaurant needs to fulfil it are shared
        with that restaurant. We do not sell personal data.
      </p>
    ),
  },
  {
    id: 'terms-liability',
    title: 'Availability and liability',
    body: (
      <p>
        We work to keep TableServe available and correct, but we may pause it for maintenance and cannot
        promise that it will always be free of interruptions or errors. To the extent the law allows, the
        Service is provided “as is”, and our total liability to you is limited to the amount you paid us in
        the three months before the claim.
      </p>
    ),
  },
  {
    id: 'terms-changes',
    title: 'Ending use and changes to these terms',
    body: (
      <p>
        You can stop using the Service and cancel your subscription at any time, as described above. We may
        suspend an account that breaks these terms. If we change these terms in a material way, we will tell
        account holders by email before the change applies; using the Service afterwards means you accept the
        new terms.
      </p>
    ),
  },
  {
    id: 'terms-contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to{' '}
        <a
          href={`mailto:${CONTACT_EMAIL}`}
          className="font-semibold text-brand-700 underline underline-offset-2"
        >
          {CONTACT_EMAIL}
        </a>{' '}
        or use our{' '}
        <Link to={paths.contact} className="font-semibold text-brand-700 underline underline-offset-2">
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export function TermsContent() {
  return (
    <div className="mx-auto max-w-6xl px-5 py-12 md:px-8 md:py-16 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-16">
      <nav aria-label="Sections" className="hidden lg:block">
        <div className="sticky top-28">
          <p className="text-sm font-semibold text-stone-900">On this page</p>
          <ol className="mt-3 space-y-0.5 border-l border-stone-200">
            {termsSections.map((section, index) => (
              <li key={section.id}>
                <InPageLink
                  targetId={section.id}
                  className="-ml-px flex min-h-9 items-center border-l-2 border-transparent py-1 pl-4 text-sm text-stone-600 hover:border-brand-400 hover:text-stone-900"
                >
                  {index + 1}. {section.title}
                </InPageLink>
              </li>
            ))}
          </ol>
        </div>
      </nav>
      <article className="max-w-3xl rounded-2xl border border-stone-200/70 bg-white p-6 shadow-card md:p-10">
        <ol className="space-y-10">
          {termsSections.map((section, index) => (
            <li key={section.id} id={section.id} className="scroll-mt-28">
              <h2 className="text-xl font-semibold tracking-tight">
                <span className="mr-2 text-brand-700">{index + 1}.</span>
                {section.title}
              </h2>
              <div className="mt-3 space-y-4 text-[16px] leading-7 text-stone-700">{section.body}</div>
            </li>
          ))}
        </ol>
      </article>
    </div>
  );
}
