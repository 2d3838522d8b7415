import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

/**
 * The registration terms: nine numbered sections (docs/product/accounts.md#owner-register), written for
 * TableServe, a restaurant table service application.
 */
export const termsSections = [
  {
    title: 'Acceptance of Terms',
    body: 'By creating a TableServe account or using the TableServe restaurant table service application, you agree to these Terms and Conditions. If you do not agree, do not register or use the service. You must be at least 18 years old and able to enter into a binding agreement on behalf of your restaurant.',
  },
  {
    title: 'Registration',
    body: 'You agree to give accurate, current and complete information when you register and to keep it up to date. You are responsible for keeping your password confidential and for all activity under your account, including orders, menu changes and settings made by anyone you share access with. Tell us at once if you suspect unauthorised use.',
  },
  {
    title: 'Privacy',
    body: "We collect and use your account details, your restaurant's details and the orders placed through your QR menu only to provide, secure and improve the service. Diner details collected at checkout are processed on your behalf to fulfil their orders. We do not sell personal data, and card payments are handled by our payment provider; card numbers never reach our servers.",
  },
  {
    title: 'Conduct',
    body: 'You agree to use TableServe lawfully and honestly: to publish accurate menus and prices, to honour the orders your diners place, and not to upload unlawful, misleading or infringing content. You must not attempt to disrupt the service, access data that is not yours, or use the platform to send unsolicited messages.',
  },
  {
    title: 'Availability',
    body: 'We aim to keep TableServe available around the clock, but we do not guarantee uninterrupted or error-free operation. Planned maintenance, network outages or events outside our control may make ordering temporarily unavailable; keep a way to take orders at the table when that happens.',
  },
  {
    title: 'Modifications',
    body: 'We may update these terms, our features or our subscription plans from time to time. When a change materially affects you, we will tell you by email or in your dashboard before it takes effect. Continuing to use TableServe after a change takes effect means you accept the updated terms.',
  },
  {
    title: 'Liability',
    body: 'TableServe is provided "as is". To the extent permitted by law, we are not liable for indirect or consequential losses such as lost revenue, missed orders or food preparation errors, and our total liability is limited to the subscription fees you paid in the three months before the claim. Your restaurant remains responsible for the food, prices, allergens and service it provides.',
  },
  {
    title: 'Governing Law',
    body: 'These terms are governed by the laws of the jurisdiction in which the TableServe operator is established, without regard to its conflict-of-law rules. Any dispute will first be discussed in good faith, and otherwise brought before the competent courts of that jurisdiction.',
  },
  {
    title: 'Contact',
    body: 'Questions about these terms, your account or your data are welcome through the Contact Us page of TableServe. We reply to every message, usually within two business days.',
  },
] as const;

export function TermsModal({
  open,
  onClose,
  onAccept,
}: {
  open: boolean;
  onClose: () => void;
  onAccept: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Terms and Conditions"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onAccept}>Accept terms</Button>
        </>
      }
    >
      <p className="mb-5 text-sm text-stone-600">
        Please read these terms before creating your TableServe account.
      </p>
      <ol className="flex flex-col gap-5">
        {termsSections.map((section, index) => (
          <li key={section.title}>
            <h3 className="text-base font-semibold">
              {index + 1}. {section.title}
            </h3>
            <p className="mt-1.5 text-sm leading-6 text-stone-700">{section.body}</p>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
