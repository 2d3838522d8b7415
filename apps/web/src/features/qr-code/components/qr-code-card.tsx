import { qrMessages } from '@tableserve/contract/menu';
import { Download, Printer } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { downloadQrPoster, qrPosterFileName } from '../lib/qr-poster';

type QrCodeCardProps = {
  restaurantId: number;
  restaurantName?: string;
  /** The generated PNG as an object URL. */
  imageUrl: string;
};

/** The printable card (docs/product/restaurant-setup.md#qr-code): title, the code, Download and Print. */
export function QrCodeCard({ restaurantId, restaurantName, imageUrl }: QrCodeCardProps) {
  const image = useRef<HTMLImageElement>(null);

  function download() {
    if (!image.current) return;
    try {
      downloadQrPoster(
        image.current,
        { title: qrMessages.title, restaurantName },
        qrPosterFileName(restaurantId),
      );
    } catch {
      toast.error("Couldn't prepare the download. Please try again.");
    }
  }

  return (
    <Card className="qr-print-card flex flex-col items-center gap-6 px-6 py-8 text-center md:px-10 md:py-10">
      <div className="flex flex-col gap-1.5">
        {restaurantName && (
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{restaurantName}</p>
        )}
        <h2 className="text-2xl font-bold tracking-tight md:text-[1.75rem]">{qrMessages.title}</h2>
      </div>
      <div className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm print:border-0 print:p-0 print:shadow-none">
        <img
          ref={image}
          src={imageUrl}
          alt={`QR code that opens the menu${restaurantName ? ` of ${restaurantName}` : ''}`}
          width={400}
          height={400}
          className="block aspect-square w-64 max-w-full sm:w-72 print:w-[100mm]"
        />
      </div>
      <p className="max-w-xs text-sm text-stone-500 print:hidden">
        Point your phone's camera at the code to see what your diners will see.
      </p>
      <div className="grid w-full max-w-sm grid-cols-2 gap-3 print:hidden">
        <Button size="lg" onClick={download}>
          <Download className="size-4" aria-hidden />
          Download
        </Button>
        <Button size="lg" variant="secondary" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          Print
        </Button>
      </div>
    </Card>
  );
}
