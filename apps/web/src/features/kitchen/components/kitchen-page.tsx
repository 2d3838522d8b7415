import { StaffScreen } from '@/orders/components/staff-screen';
import { KitchenBoard } from './kitchen-board';

/** /dashboard/kitchen-management (owner-side §2 Kitchen Management). */
export function KitchenPage() {
  return <StaffScreen>{(staff) => <KitchenBoard {...staff} />}</StaffScreen>;
}
