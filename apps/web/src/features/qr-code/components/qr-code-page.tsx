import type { PaperSize } from '@tableserve/contract/menu';
import { qrMessages } from '@tableserve/contract/menu';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Printer, ScanLine, Table2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/paths';
import { useObjectUrl } from '@/hooks/use-object-url';
import { restaurantQueryOptions } from '@/session/owner/owner-restaurant';
import { type OwnerSession, readOwnerSession, readRestaurantId } from '@/session/owner/owner-session';
import { useQrCode } from '../api/generate-qr-code';
import { QrCodeCard } from './qr-code-card';
import { QrPrintStyle } from './qr-print-style';
import { ReplaceCodes } from './replace-codes';
import { TableCodesSection } from './table-codes-section';

/** /dashboard/generate-qr-code (docs/product/restaurant-setup.md#qr-code, docs/product/menu.md#menu-images). */
export function QrCodePage() {
  const [restaurantId] = useState(readRestaurantId);
  const [session] = useState(readOwnerSession);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1 print:hidden">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">QR Code</h1>
        <p className="max-w-2xl text-[0.9375rem] leading-7 text-stone-600">
          Put it on every table: diners scan it to open your menu and order from their phone.
        </p>
      </header>
      {restaurantId === null ? (
        <StatusCard>
          <Alert type="error" className="w-full">
            {qrMessages.noRestaurant}
          </Alert>
        </StatusCard>
      ) : (
        <GeneratedQrCode restaurantId={restaurantId} session={session} />
      )}
    </div>
  );
}

function StatusCard({ children }: { children: ReactNode }) {
  return <Card className="flex flex-col items-start gap-4 p-6 md:p-8">{children}</Card>;
}

function GeneratedQrCode({ restaurantId, session }: { restaurantId: number; session: OwnerSession | null }) {
  const qr = useQrCode(restaurantId, session?.token ?? null);
  // The name is a nicety on the card: without it the card is still complete.
  const restaurant = useQuery({
    ...restaurantQueryOptions(String(restaurantId), session ?? { userId: 0, token: '', role: 'owner' }),
    enabled: session !== null,
  });
  const png = qr.data?.kind === 'png' ? qr.data.png : undefined;
  const imageUrl = useObjectUrl(png);
  const [paper, setPaper] = useState(usualPaper);
  const [printingSheet, setPrintingSheet] = useState(false);

  // The sheet's print rule replaces the card's until the print dialog closes.
  function printSheet() {
    flushSync(() => setPrintingSheet(true));
    window.addEventListener('afterprint', () => setPrintingSheet(false), { once: true });
    window.print();
  }

  if (qr.isPending || (png && !imageUrl)) {
    return (
      <StatusCard>
        <div className="flex w-full flex-col items-center gap-3 py-16 text-brand-600">
          <Spinner className="size-9 border-[3px]" label="Generating your QR code" />
          <p className="text-sm font-medium text-stone-500">Generating your QR code…</p>
        </div>
      </StatusCard>
    );
  }
  if (qr.isError) {
    return (
      <StatusCard>
        <Alert type="error" className="w-full">
          {qrMessages.failed}
        </Alert>
        <Button variant="secondary" busy={qr.isFetching} onClick={() => void qr.refetch()}>
          Try again
        </Button>
      </StatusCard>
    );
  }
  if (!imageUrl) {
    return (
      <StatusCard>
        <Alert type="info" className="w-full">
          {qrMessages.noMenuItems}
        </Alert>
        <Link to={dashboardPaths.menuManagement} className={buttonClasses()}>
          Go to Menu Management
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </StatusCard>
    );
  }
  return (
    <div className="flex flex-col gap-10">
      <QrPrintStyle sheet={printingSheet ? { paper } : undefined} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <QrCodeCard
          restaurantId={restaurantId}
          restaurantName={restaurant.data?.restaurant_name}
          imageUrl={imageUrl}
        />
        <QrTips />
      </div>
      <TableCodesSection
        restaurantId={restaurantId}
        token={session?.token ?? null}
        restaurantName={restaurant.data?.restaurant_name}
        paper={paper}
        onPaperChange={setPaper}
        onPrint={printSheet}
      />
      <ReplaceCodes
        restaurantId={restaurantId}
        token={session?.token ?? null}
        menuToken={restaurant.data && 'token' in restaurant.data ? restaurant.data.token : null}
      />
    </div>
  );
}

/** Letter where it is the usual paper (the United States and Canada), A4 elsewhere. */
const usualPaper = (): PaperSize => (/-(US|CA)$/i.test(navigator.language) ? 'letter' : 'a4');

const tips = [
  {
    icon: Printer,
    title: 'Print one per table',
    detail: 'A stand or sticker at eye level gets the most scans.',
  },
  { icon: ScanLine, title: 'Test it first', detail: 'Scan the printout with your phone before it goes out.' },
  {
    icon: Table2,
    title: 'It stays the same',
    detail: 'Menu edits show up right away: print again only if you replace the codes.',
  },
];

function QrTips() {
  return (
    <aside aria-labelledby="qr-tips-heading" className="flex flex-col gap-4 print:hidden">
      <h2 id="qr-tips-heading" className="text-sm font-semibold tracking-wider text-stone-500 uppercase">
        Tips
      </h2>
      <ul className="flex flex-col gap-3">
        {tips.map(({ icon: Icon, title, detail }) => (
          <li key={title} className="flex gap-3 rounded-xl border border-stone-200/70 bg-white p-4">
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600">
              <Icon className="size-4" aria-hidden />
            </span>
            <div>
              <p className="text-sm font-semibold text-stone-900">{title}</p>
              <p className="mt-0.5 text-sm text-stone-500">{detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
