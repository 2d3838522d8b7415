import { qrMessages } from '@tableserve/contract/menu';
import { RefreshCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Modal } from '@/components/ui/modal';
import { ApiRequestError } from '@/lib/api-client';
import { useRotateMenuToken } from '../api/table-codes';

type ReplaceCodesProps = {
  restaurantId: number;
  token: string | null;
  /** The menu token the codes on the page carry; null while the restaurant loads. */
  menuToken: string | null;
};

/**
 * Replace all codes (ADR 013): a new menu token, after a confirmation, for a code that was
 * copied or shared where it should not be. Every code printed so far stops opening the menu.
 */
export function ReplaceCodes({ restaurantId, token, menuToken }: ReplaceCodesProps) {
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateMenuToken(restaurantId, token);

  function replace() {
    if (!menuToken) return;
    rotate.mutate(menuToken, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast.success(answer.message);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(
          error instanceof ApiRequestError && error.status === 409
            ? qrMessages.tokenAlreadyRotated
            : "Couldn't replace the codes. Please try again.",
        );
      },
    });
  }

  return (
    <Card className="flex flex-col gap-4 p-5 print:hidden md:flex-row md:items-center md:justify-between md:p-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-base font-semibold text-stone-900">Replace all codes</h2>
        <p className="max-w-xl text-sm text-stone-600">
          If a code was copied or shared somewhere it shouldn't be, replace it. Every code printed so far, the
          restaurant's and each table's, stops opening your menu.
        </p>
      </div>
      <Button
        variant="secondary"
        className="shrink-0"
        disabled={!menuToken}
        onClick={() => setConfirming(true)}
      >
        <RefreshCcw className="size-4" aria-hidden />
        Replace all codes
      </Button>
      <Modal
        open={confirming}
        onClose={() => !rotate.isPending && setConfirming(false)}
        title="Replace all QR codes?"
        className="max-w-md"
        footer={
          <>
            <Button variant="secondary" disabled={rotate.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={rotate.isPending} onClick={replace}>
              {rotate.isPending ? 'Replacing…' : 'Replace codes'}
            </Button>
          </>
        }
      >
        <p className="text-[0.9375rem] leading-7 text-stone-700">
          The codes you have printed stop opening your menu at once, on every table. Diners will need the new
          codes: print them and put them out before your next service.
        </p>
      </Modal>
    </Card>
  );
}
