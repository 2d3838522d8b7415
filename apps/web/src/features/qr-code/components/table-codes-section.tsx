import { type PaperSize, qrMessages, type TableCode } from '@tableserve/contract/menu';
import { ArrowRight, ChevronDown, Download, FileDown, Printer } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { QrModulesImage } from '@/components/qr-modules-image';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { control } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { fetchTableCardsPdf, useTableCodes } from '../api/table-codes';
import { downloadFile, downloadQrPoster, drawQrModules, qrPosterFileName } from '../lib/qr-poster';

type TableCodesSectionProps = {
  restaurantId: number;
  token: string | null;
  restaurantName?: string;
  paper: PaperSize;
  onPaperChange: (paper: PaperSize) => void;
  /** Prints the sheet of table cards (the page swaps its print rule first). */
  onPrint: () => void;
};

const paperLabels: Record<PaperSize, string> = { a4: 'A4', letter: 'Letter' };

/**
 * One code per table (ADR 013): each opens the menu with its table chosen for dine-in. Shown as
 * the printable sheet itself, with Print, the PDF of the sheet and a PNG per card.
 */
export function TableCodesSection({
  restaurantId,
  token,
  restaurantName,
  paper,
  onPaperChange,
  onPrint,
}: TableCodesSectionProps) {
  const codes = useTableCodes(restaurantId, token);
  const [downloading, setDownloading] = useState(false);
  const paperId = useId();
  const tables = codes.data?.codes ?? [];

  async function downloadPdf() {
    setDownloading(true);
    try {
      const pdf = await fetchTableCardsPdf(restaurantId, paper, token);
      const url = URL.createObjectURL(pdf);
      downloadFile(url, `table-cards-${restaurantId}-${paper}.pdf`);
      // Revoked on the next tick: some browsers start the download only after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch {
      toast.error("Couldn't prepare the PDF. Please try again.");
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section aria-labelledby="table-codes-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 print:hidden">
        <div className="flex flex-col gap-1">
          <h2 id="table-codes-heading" className="text-xl font-bold tracking-tight">
            Table codes
          </h2>
          <p className="max-w-2xl text-[0.9375rem] leading-7 text-stone-600">
            One code per table: it opens your menu with that table already chosen, so diners order without
            picking it. They can still switch to pickup.
          </p>
        </div>
        {tables.length > 0 && (
          <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
            <div className="col-span-2 flex flex-col gap-1.5 sm:col-auto">
              <label htmlFor={paperId} className="text-sm font-medium text-stone-700">
                Paper size
              </label>
              <div className="relative">
                <select
                  id={paperId}
                  value={paper}
                  onChange={(event) => onPaperChange(event.target.value as PaperSize)}
                  className={cn(control, 'min-h-11 cursor-pointer appearance-none pr-10 sm:w-36')}
                >
                  {(Object.keys(paperLabels) as PaperSize[]).map((size) => (
                    <option key={size} value={size}>
                      {paperLabels[size]}
                    </option>
                  ))}
                </select>
                <ChevronDown
                  aria-hidden
                  className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-stone-500"
                />
              </div>
            </div>
            {/* On a phone the two share a row: their words fit without the icons. */}
            <Button onClick={onPrint} className="px-3 sm:px-5">
              <Printer className="hidden size-4 sm:block" aria-hidden />
              Print table cards
            </Button>
            <Button
              variant="secondary"
              onClick={() => void downloadPdf()}
              busy={downloading}
              className="px-3 sm:px-5"
            >
              {!downloading && <FileDown className="hidden size-4 sm:block" aria-hidden />}
              {downloading ? 'Preparing PDF…' : 'Download PDF'}
            </Button>
          </div>
        )}
      </div>

      {codes.isPending ? (
        <Card className="flex items-center justify-center gap-3 py-12 text-brand-600">
          <Spinner className="size-6" label="Loading table codes" />
          <span className="text-sm font-medium text-stone-500">Loading table codes…</span>
        </Card>
      ) : codes.isError ? (
        <Card className="flex flex-col items-start gap-4 p-6">
          <Alert type="error" className="w-full">
            {qrMessages.failed}
          </Alert>
          <Button variant="secondary" busy={codes.isFetching} onClick={() => void codes.refetch()}>
            Try again
          </Button>
        </Card>
      ) : tables.length === 0 ? (
        <Card className="flex flex-col items-start gap-4 p-6">
          <Alert type="info" className="w-full">
            {qrMessages.noTables}
          </Alert>
          <Link to={dashboardPaths.editRestaurant} className={buttonClasses({ variant: 'secondary' })}>
            Go to Edit Restaurant
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </Card>
      ) : (
        <ul className="table-cards-sheet grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 xl:grid-cols-4">
          {tables.map((code) => (
            <TableCard
              key={code.table_no}
              code={code}
              restaurantId={restaurantId}
              restaurantName={restaurantName}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function TableCard({
  code,
  restaurantId,
  restaurantName,
}: {
  code: TableCode;
  restaurantId: number;
  restaurantName?: string;
}) {
  const table = `Table ${code.table_no}`;

  function downloadPng() {
    try {
      downloadQrPoster(
        drawQrModules(code.qr),
        { title: table, restaurantName },
        qrPosterFileName(restaurantId, code.table_no),
      );
    } catch {
      toast.error("Couldn't prepare the download. Please try again.");
    }
  }

  return (
    <li className="table-card flex flex-col items-center gap-2 rounded-2xl border border-stone-200 bg-white p-3 text-center shadow-sm sm:p-4">
      <p className="table-card-number text-xl font-bold tracking-tight text-stone-900">{table}</p>
      <QrModulesImage
        qr={code.qr}
        label={`QR code that opens the menu at ${table}`}
        className="aspect-square w-full max-w-40"
      />
      <p className="text-xs text-stone-500">{qrMessages.title}</p>
      {restaurantName && <p className="text-xs font-semibold text-brand-700">{restaurantName}</p>}
      <Button variant="ghost" onClick={downloadPng} className="mt-auto w-full print:hidden">
        <Download className="size-4" aria-hidden />
        PNG <span className="sr-only">of {table}</span>
      </Button>
    </li>
  );
}
