import type { MenuItem } from '@tableserve/contract/menu';
import { lazy, Suspense, useState } from 'react';
import { menuPhotoSources } from '@/lib/menu-photo';
import { formatDollars } from '@/lib/money';

// The dialog's code loads with the first photo opened, not with the menu (docs/performance.md).
const Modal = lazy(async () => ({ default: (await import('@/components/ui/modal')).Modal }));

type PhotoPreviewProps = {
  item: MenuItem | null;
  onClose: () => void;
};

/**
 * The photo's 960 px copy where the server has one (lib/menu-photo.ts), else the photo as
 * uploaded; the copy failing to load falls back to the original too.
 */
function PreviewImage({ src, alt }: { src: string; alt: string }) {
  const [copyFailed, setCopyFailed] = useState(false);
  const preview = copyFailed ? undefined : menuPhotoSources(src)?.preview;
  return (
    <img
      key={preview ? 'preview' : 'original'}
      src={preview ?? src}
      alt={alt}
      decoding="async"
      onError={preview ? () => setCopyFailed(true) : undefined}
      className="max-h-[65vh] w-full rounded-xl bg-stone-100 object-contain"
    />
  );
}

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
            <PreviewImage key={item.image} src={item.image} alt={item.item_name} />
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
