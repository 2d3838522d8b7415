import { QrCodePage } from '@/features/qr-code/components/qr-code-page';

/** /dashboard/generate-qr-code */
export function Component() {
  return (
    <>
      <title>QR Code · TableServe</title>
      <QrCodePage />
    </>
  );
}
