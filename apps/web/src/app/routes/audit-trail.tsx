import { AuditTrailPage } from '@/features/audit-trail/components/audit-trail-page';

/** /dashboard/audit-trail */
export function Component() {
  return (
    <>
      <title>Audit trail · TableServe</title>
      <AuditTrailPage />
    </>
  );
}
