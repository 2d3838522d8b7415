import { PairPage } from '@/features/devices/components/pair-page';

/** /pair */
export function Component() {
  return (
    <>
      <title>Pair this device · TableServe</title>
      <PairPage />
    </>
  );
}
