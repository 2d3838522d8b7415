import { auditMessages as text } from '@tableserve/contract/audit';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSteps } from '@/components/ui/page-steps';
import { Spinner } from '@/components/ui/spinner';
import { downloadCsv } from '@/lib/csv';
import { type StaffContext, StaffScreen } from '@/orders/components/staff-screen';
import { getAuditTrail, useAuditActors, useAuditTrail } from '../api/audit-trail';
import { auditCsv } from '../lib/audit-csv';
import { type AuditFilters, EXPORT_MAX_PAGES, EXPORT_PAGE_SIZE, NO_FILTERS } from '../lib/audit-filters';
import { AuditEntries } from './audit-entries';
import { AuditFiltersBar } from './audit-filters-bar';

/** Every entry the filters select, a full page at a time, for the export. */
async function wholeTrail({ restaurantId, token }: StaffContext, filters: AuditFilters) {
  const first = await getAuditTrail(restaurantId, token, filters, 1, EXPORT_PAGE_SIZE);
  const entries = [...first.entries];
  const pages = Math.min(first.pagination.total_pages, EXPORT_MAX_PAGES);
  for (let page = 2; page <= pages; page++)
    entries.push(...(await getAuditTrail(restaurantId, token, filters, page, EXPORT_PAGE_SIZE)).entries);
  return { entries, timeZone: first.timezone };
}

export function AuditTrail(staff: StaffContext) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const trail = useAuditTrail(staff.restaurantId, staff.token, filters, page);
  const actors = useAuditActors(staff.restaurantId, staff.token);
  const pages = trail.data?.pagination.total_pages ?? 1;

  async function exportCsv() {
    setExporting(true);
    try {
      const { entries, timeZone } = await wholeTrail(staff, filters);
      downloadCsv(text.csvName(filters.day || undefined), await auditCsv(entries, timeZone));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={text.title}
        description={text.intro}
        actions={
          <Button variant="secondary" onClick={exportCsv} disabled={exporting || !trail.data}>
            {exporting ? (
              <Spinner decorative className="size-4" />
            ) : (
              <Download className="size-4" aria-hidden />
            )}
            {text.exportCsv}
          </Button>
        }
      />
      <Card className="flex flex-col gap-5 p-4 sm:p-6">
        <AuditFiltersBar
          filters={filters}
          actors={actors.data?.actors ?? []}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        {trail.isError ? (
          <Alert type="error">{text.loadFailed}</Alert>
        ) : !trail.data ? (
          <p className="py-8 text-center text-stone-500">{text.loading}</p>
        ) : trail.data.entries.length === 0 ? (
          <p className="py-8 text-center text-stone-500">{text.empty}</p>
        ) : (
          <AuditEntries entries={trail.data.entries} timeZone={trail.data.timezone} />
        )}
        <nav aria-label={text.title}>
          <PageSteps page={page} pages={pages} onPage={setPage} />
        </nav>
      </Card>
    </div>
  );
}

/** /dashboard/audit-trail (docs/product/staff.md#audit-trail). */
export function AuditTrailPage() {
  return <StaffScreen>{(staff) => <AuditTrail {...staff} />}</StaffScreen>;
}
