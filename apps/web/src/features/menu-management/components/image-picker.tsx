import { ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { cn } from '@/lib/cn';
import { IMAGE_ACCEPT } from '../lib/image-file';

type ImagePickerProps = {
  /** What to show: the chosen file's preview, else the item's stored image. */
  previewUrl: string | null | undefined;
  error?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
};

/** The optional photo: a 4:3 preview area that opens the file picker (docs/product/menu.md#menu-images). */
export function ImagePicker({ previewUrl, error, disabled, onPick, onRemove }: ImagePickerProps) {
  const id = useId();
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again after removing it still fires a change.
    event.target.value = '';
    if (file) onPick(file);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-stone-700">
        Photo <span className="font-normal text-stone-500">(optional)</span>
      </span>
      <label
        htmlFor={id}
        className={cn(
          'group relative flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-xl border-2 border-dashed text-center transition',
          'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
          error
            ? 'border-red-300 bg-red-50/50'
            : 'border-stone-300 bg-stone-50 hover:border-brand-400 hover:bg-brand-50/40',
          previewUrl && 'border-solid border-stone-200',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        {previewUrl ? (
          <>
            <img
              src={previewUrl}
              alt="Chosen for this item"
              className="absolute inset-0 size-full object-cover"
            />
            <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-stone-900/70 to-transparent px-3 pt-8 pb-2.5 text-sm font-medium text-white opacity-90 group-hover:opacity-100">
              Change photo
            </span>
          </>
        ) : (
          <>
            <span className="grid size-11 place-items-center rounded-full bg-white text-brand-600 shadow-sm">
              <ImagePlus className="size-5" aria-hidden />
            </span>
            <span className="text-sm font-semibold text-stone-800">Choose a photo</span>
            <span className="px-4 text-xs text-stone-500">JPEG, PNG, GIF or WebP, up to 5 MB</span>
          </>
        )}
        <input
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-label="Photo"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={disabled}
          onChange={handleChange}
          className="sr-only"
        />
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {previewUrl && !disabled && (
        <button
          type="button"
          onClick={onRemove}
          className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg px-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-red-700"
        >
          <Trash2 className="size-4" aria-hidden />
          Remove photo
        </button>
      )}
    </div>
  );
}
