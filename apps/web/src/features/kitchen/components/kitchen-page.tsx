import { StaffScreen } from '@/orders/components/staff-screen';
import { KitchenBoard } from './kitchen-board';

/** /dashboard/kitchen-management (docs/product/staff-screens.md#kitchen). */
export function KitchenPage() {
  return <StaffScreen>{(staff) => <KitchenBoard {...staff} />}</StaffScreen>;
}
