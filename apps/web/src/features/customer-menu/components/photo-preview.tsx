import type { MenuItem } from '@tableserve/contract/menu';
import { lazy, Suspense, useState } from 'react';
import { formatDollars } from '@/lib/money';

// The dialog's code loads with the first photo opened, not with the menu (issue 10).
const Modal = lazy(async () => ({ default: (await import('@/components/ui/modal')).Modal }));

type PhotoPreviewProps = {
  item: MenuItem | null;
  onClose: () => void;
};

/** A dish's photo at full size, opened by tapping it in the menu. */
export function PhotoPreview({ item, onClose }: PhotoPreviewProps) {
  // Once opened, the dialog stays mounted so that closing it runs the native close.
  const [opened, setOpened] = useState(false);
  if (item !== null && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Modal open={item !== null} onClose={onClose} title={item?.item_name ?? ''} className="max-w-3xl">
        {item?.image && (
          <figure>
            <img
              src={item.image}
              alt={item.item_name}
              className="max-h-[65vh] w-full rounded-xl bg-stone-100 object-contain"
            />
            <figcaption className="mt-3 flex items-start justify-between gap-4 text-sm text-stone-600">
              <span>{item.description}</span>
              <span className="font-bold text-stone-900 tabular-nums">{formatDollars(item.price)}</span>
            </figcaption>
          </figure>
        )}
      </Modal>
    </Suspense>
  );
}
