import { paymentSettingsScreen } from '@tableserve/contract/payment-settings';
import { PaymentSettingsPage } from '@/features/payment-settings/components/payment-settings-page';

/** /dashboard/payment-settings */
export function Component() {
  return (
    <>
      <title>{`${paymentSettingsScreen.title} · TableServe`}</title>
      <PaymentSettingsPage />
    </>
  );
}
