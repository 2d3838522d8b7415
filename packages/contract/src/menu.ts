import { z } from 'zod';
import { ALLERGENS, allergenMessages, DIETARY_TAGS, dietaryConflict } from './allergens';
import { dollars, httpUrl, id, requiredText, token, VISIBLE_ASCII } from './fields';
import { MenuOptionGroup, OptionGroupsInput } from './item-options';
import { MENU_CATEGORIES } from './menu-categories';
import type { QrModules as QrModulesShape } from './qr-modules';

export {
  ALLERGENS,
  type Allergen,
  allergenLabels,
  allergenMessages,
  containsLine,
  DIETARY_TAGS,
  type DietaryTag,
  dietaryTagLabels,
} from './allergens';
export { MENU_CATEGORIES, type MenuCategory, menuCategoryLabels } from './menu-categories';

/** Menu items (docs/product/menu.md#menu-items, docs/product/menu.md#menu-management). */
export const ITEM_NAME_MAX = 50;
export const ITEM_DESCRIPTION_MAX = 200;
/** The most portions of one item a restaurant counts (docs/decisions/015-stock-and-sold-out.md). */
export const STOCK_MAX = 10_000;

export const stockMessages = {
  invalid: `Stock must be a whole number from 0 to ${STOCK_MAX}`,
  left: (portions: number) => `${portions} left`,
} as const;

/** Portions left: a whole number, or null for "not counted". */
const stock = z
  .number(stockMessages.invalid)
  .int(stockMessages.invalid)
  .min(0, stockMessages.invalid)
  .max(STOCK_MAX, stockMessages.invalid)
  .nullable();

const imageUrl = httpUrl('Image', 1000);

/**
 * A set of values from a closed list, as a JSON array: each value must be on the list (a 400
 * naming it otherwise); repeats are dropped and the rest put in the list's own order, so one set
 * is stored and shown one way. Bounded before anything else: a set cannot be longer than twice
 * its list, repeats included.
 */
const setOf = <const T extends readonly [string, ...string[]]>(
  values: T,
  label: string,
  unknown: (value: unknown) => string,
) =>
  z
    .array(z.enum(values, { error: (issue) => unknown(issue.input) }), allergenMessages.notAList(label))
    .max(values.length * 2, `${label} can list at most ${values.length} values`)
    .transform((chosen) => values.filter((value) => chosen.includes(value)) as T[number][]);

export const MenuItemBody = z
  .strictObject({
    item_name: requiredText('Item name', ITEM_NAME_MAX),
    description: requiredText('Description', ITEM_DESCRIPTION_MAX, { multiline: true }),
    /** Dollars, at most 2 decimals; stored as integer cents. */
    price: dollars('Price'),
    category: z.enum(MENU_CATEGORIES, `Category must be one of ${MENU_CATEGORIES.join(', ')}`),
    /** The uploaded image's URL without its query string; '' or null for none. */
    image: z.union([z.literal('').transform(() => null), imageUrl]).nullish(),
    available: z.boolean('Available must be true or false').default(true),
    restaurant_id: id,
    /**
     * Optional, so clients from before allergens keep working: absent on an add means none, absent
     * on an update leaves the stored list as it was (like `image`); [] clears it.
     */
    allergens: setOf(ALLERGENS, 'Allergens', allergenMessages.unknownAllergen).optional(),
    dietary_tags: setOf(DIETARY_TAGS, 'Dietary tags', allergenMessages.unknownTag).optional(),
    /** Like allergens: absent keeps the stored count (none on an add), null stops counting, 0 is sold out. */
    stock: stock.optional(),
    /** docs/decisions/017-item-options.md (ADR 017): the whole list, replacing the stored one; absent keeps it. */
    option_groups: OptionGroupsInput.optional(),
    /**
     * One of the restaurant's tax rates (docs/decisions/020-money-model.md); null: the default
     * rate. Like allergens: absent keeps the stored one (the default on an add).
     */
    tax_rate_id: id.nullable().optional(),
  })
  .superRefine((body, context) => {
    const conflict = dietaryConflict(body.dietary_tags ?? [], body.allergens ?? []);
    if (conflict)
      context.addIssue({
        code: 'custom',
        path: ['dietary_tags'],
        message: allergenMessages.conflict(conflict.tag, conflict.allergen),
      });
  });
export type MenuItemBody = z.infer<typeof MenuItemBody>;

export const MenuItem = z.object({
  menu_id: z.number().int(),
  item_name: z.string(),
  description: z.string(),
  /** Dollars. */
  price: z.number(),
  category: z.enum(MENU_CATEGORIES),
  image: z.string().nullable(),
  available: z.boolean(),
  restaurant_id: z.number().int(),
  /** Absent from servers before allergens: read as none. */
  allergens: z.array(z.enum(ALLERGENS)).default([]),
  dietary_tags: z.array(z.enum(DIETARY_TAGS)).default([]),
  /**
   * Portions left, null when not counted; 0 is sold out. Only the owner's calls carry it: the
   * diner's menu lists what can be ordered and changes with no order (ADR 015).
   */
  stock: z.number().int().nullable().optional(),
  /** Absent from servers before options: read as none. */
  option_groups: z.array(MenuOptionGroup).default([]),
  /** The dish's tax rate, null for the default. Only the owner's calls carry it, like the stock. */
  tax_rate_id: z.number().int().nullable().optional(),
});
export type MenuItem = z.infer<typeof MenuItem>;

export const MenuIdParams = z.strictObject({ menu_id: id });

/** The kitchen's one tap (docs/decisions/015-stock-and-sold-out.md): sold out sets the count to 0, back stops counting. */
export const SoldOutBody = z.strictObject({
  restaurant_id: id,
  sold_out: z.boolean('Sold out must be true or false'),
});
export type SoldOutBody = z.infer<typeof SoldOutBody>;

export const MenuItemsResponse = z.object({ data: z.array(MenuItem) });
export type MenuItemsResponse = z.infer<typeof MenuItemsResponse>;

export const MenuItemResponse = z.object({ message: z.string(), data: MenuItem });
export type MenuItemResponse = z.infer<typeof MenuItemResponse>;

/** Image upload through a signed URL (docs/product/menu.md#menu-images and the PUT after it). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
/** File extensions accepted for each image type; the first one names stored files. */
export const IMAGE_EXTENSIONS: Record<ImageContentType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
};

/** The image type a file name's extension stands for, if it is one we accept. */
export function imageTypeOfFileName(fileName: string): ImageContentType | undefined {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  return IMAGE_CONTENT_TYPES.find((type) => IMAGE_EXTENSIONS[type].includes(extension));
}

export const uploadMessages = {
  /** docs/product/menu.md#menu-management. */
  failed: 'Image upload failed',
  notAnImage: 'Only JPEG, PNG, GIF or WebP images can be uploaded',
  invalidUrl: 'Invalid or expired upload URL',
  tooLarge: `Images can be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  notFound: 'Image not found',
  uploaded: 'Image uploaded',
  alreadyUsed: 'This upload link was already used. Ask for a new one.',
} as const;

export const GenerateSignedUrlBody = z.strictObject({
  file_name: requiredText('File name', 255, {
    check: { test: (name) => imageTypeOfFileName(name) !== undefined, message: uploadMessages.notAnImage },
  }),
  /** The type the PUT will declare; defaults to the one of the file name's extension. */
  content_type: z.enum(IMAGE_CONTENT_TYPES, uploadMessages.notAnImage).optional(),
});
export type GenerateSignedUrlBody = z.infer<typeof GenerateSignedUrlBody>;

/** The PUT and GET of an uploaded image with the local driver: /uploads/:key. */
export const UploadKeyParams = z.strictObject({
  // Any key as it came in the URL; one that was never issued is a 404 (uploads.service.ts).
  key: token(100, { min: 0, pattern: VISIBLE_ASCII, message: uploadMessages.notFound }),
});
/** Checked by the signature, not here: a wrong or missing one is one 403. */
export const SignedUrlQuery = z.object({
  expires: token(20, { min: 0, pattern: VISIBLE_ASCII, message: uploadMessages.invalidUrl }).optional(),
  signature: token(200, { min: 0, pattern: VISIBLE_ASCII, message: uploadMessages.invalidUrl }).optional(),
});

export const GenerateSignedUrlResponse = z.object({
  /** PUT the image bytes here, with the Content-Type header, within 10 minutes. */
  signed_url: z.string(),
  /** The image value to store on the menu item: signed_url without its query string. */
  image_url: z.string(),
});
export type GenerateSignedUrlResponse = z.infer<typeof GenerateSignedUrlResponse>;

/** The menu QR code (docs/product/restaurant-setup.md#qr-code, docs/product/menu.md#menu-images). */
export const QR_CODE_WIDTH = 400;

export const GenerateQrCodeBody = z.strictObject({ restaurant_id: id });

export const NoMenuItemsResponse = z.object({
  statusText: z.literal('NO_MENU_ITEMS'),
  message: z.string(),
});
export type NoMenuItemsResponse = z.infer<typeof NoMenuItemsResponse>;

/**
 * One QR code per table (ADR 013): the menu link with ?table=N, and its modules for the web to
 * draw (screen, print, PNG) without a QR encoder of its own.
 */
export const TableCodesParams = z.strictObject({ restaurant_id: id });

export const QrModules = z.object({
  /** Modules per side. */
  size: z.number().int(),
  /** size × size characters, row by row: '1' dark, '0' light (qr-modules.ts draws them). */
  modules: z.string(),
}) satisfies z.ZodType<QrModulesShape>;
export type QrModules = z.infer<typeof QrModules>;

export const TableCode = z.object({
  table_no: z.number().int(),
  link: z.string(),
  qr: QrModules,
});
export type TableCode = z.infer<typeof TableCode>;

export const TableCodesResponse = z.object({
  restaurant_name: z.string(),
  number_of_tables: z.number().int(),
  codes: z.array(TableCode),
});
export type TableCodesResponse = z.infer<typeof TableCodesResponse>;

/** The printable sheet as a PDF: six cards per page, cut lines between them. */
export const PAPER_SIZES = ['a4', 'letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
export const TableCardsQuery = z.object({ paper: z.enum(PAPER_SIZES).default('a4') });

/**
 * A new menu token: every printed code stops working. The body names the token the owner's
 * codes carry now, so a second tap (or a second tab) cannot rotate the new one away unseen.
 */
export const RotateMenuTokenBody = z.strictObject({
  restaurant_id: id,
  token: token(64, { message: 'Invalid menu token' }),
});
export const RotateMenuTokenResponse = z.object({ message: z.string(), token: z.string() });
export type RotateMenuTokenResponse = z.infer<typeof RotateMenuTokenResponse>;

/** docs/product/menu.md#menu-management and QR, verbatim, and the server's own texts. */
export const menuMessages = {
  added: 'Menu item added successfully',
  updated: 'Menu item updated successfully',
  deleted: 'Menu item deleted successfully',
  saveFailed: 'Error adding/updating menu item',
  deleteFailed: 'Error deleting menu item',
  confirmDelete: 'Are you sure you want to delete this item?',
  itemNotFound: 'Menu item not found',
  markedSoldOut: (name: string) => `${name} is sold out`,
  backOn: (name: string) => `${name} is back on the menu`,
} as const;

export const qrMessages = {
  title: 'Scan to Explore Our Menu',
  noMenuItems: 'Please create a menu first.',
  failed: 'Failed to generate QR code. Please try again.',
  noRestaurant: 'Error generating QR code',
  noTables: 'Add your tables under Edit Restaurant first.',
  tokenRotated: 'New QR codes are ready. Print them and replace the old ones.',
  tokenAlreadyRotated: 'Your QR codes were already replaced. Reload the page to see the new ones.',
  sheetsBusy: 'Many table cards are being made right now. Please try again in a few seconds.',
} as const;
