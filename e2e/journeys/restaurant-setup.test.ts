import { readFile } from 'node:fs/promises';
import { MENU_CATEGORIES, menuCategoryLabels, menuMessages, qrMessages } from '@tableserve/contract/menu';
import { restaurantMessages } from '@tableserve/contract/restaurant';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../support/harness';
import { solidPng } from '../support/images';
import { logIn, newVerifiedOwner, ownerToken, subscribeThroughApi } from '../support/owners';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 });

const dishes: Record<
  (typeof MENU_CATEGORIES)[number],
  { name: string; price: string; colour: [number, number, number] }
> = {
  Starter: { name: 'Burrata', price: '11.50', colour: [240, 236, 220] },
  MainCourse: { name: 'Osso Buco', price: '28', colour: [150, 70, 40] },
  Dessert: { name: 'Tiramisu', price: '9.25', colour: [120, 80, 50] },
  Beverage: { name: 'Chinotto', price: '4', colour: [60, 30, 20] },
  TodaysSpecial: { name: 'Truffle Tagliolini', price: '32.00', colour: [230, 200, 120] },
};

/** Fills the Create Restaurant form the way an owner would, with a late Friday. */
async function fillRestaurantForm(page: Page, name: string) {
  await page.getByLabel('Restaurant name').fill(name);
  await page.getByLabel('Restaurant type').fill('Italian');
  await page.getByLabel('Number of tables').fill('8');
  await page.getByLabel('Email').fill('ciao@osteria.example');
  await page.getByLabel('Phone').fill('(503) 555-0142');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').fill('OR');
  await page.getByLabel('Zip code').fill('97205');
  await page.getByLabel('Country').fill('United States');
}

describe('restaurant set-up, in the browser', () => {
  it('creates the restaurant, fills the menu with photos, completes the setup, gets the QR code, edits the restaurant and the profile', async () => {
    const owner = await newVerifiedOwner(product);
    await subscribeThroughApi(product, owner);
    const context = await product.newContext();
    const page = await context.newPage();

    // Without a restaurant the dashboard opens Create Restaurant, step 1 of 3.
    await logIn(page, owner);
    await page.waitForURL('**/dashboard/create-restaurant');
    await visible(page, 'Step 1 of 3').toBe(true);
    await fillRestaurantForm(page, 'Osteria Blu');
    expect(await page.getByLabel('Phone').inputValue()).toBe('5035550142');

    // The closing-day rule, live in the form: before 06:00 the day closes on the next weekday.
    const friday = page.getByRole('group', { name: 'Friday' });
    await friday.getByLabel('Closes').fill('01:30');
    expect(await page.getByTestId('closing-day-friday').textContent()).toBe('Saturday');
    await page.getByRole('group', { name: 'Sunday' }).getByLabel('Closes').fill('02:00');
    expect(await page.getByTestId('closing-day-sunday').textContent()).toBe('Monday');

    await page.getByRole('button', { name: 'Next' }).click();
    await visible(page, 'Restaurant created successfully').toBe(true);
    // Closing the toast goes on at once (otherwise after 10 s), carrying the new id.
    await page.getByRole('button', { name: 'close' }).first().click();
    await page.waitForURL('**/dashboard/menu-management');

    const restaurantId = Number(await page.evaluate(() => sessionStorage.getItem('restaurant_id')));
    expect(restaurantId).toBeGreaterThan(0);
    expect(
      await page.evaluate((id) => localStorage.getItem(`restaurant_${id}_menuSetup`), restaurantId),
    ).toBe('pending');
    const { headers } = await ownerToken(product, owner);
    const created = (
      await product.app.inject({ url: `/api/v1/restaurant/get-restaurant/${restaurantId}`, headers })
    ).json().data;
    expect(created).toMatchObject({
      restaurant_name: 'Osteria Blu',
      number_of_tables: 8,
      phone: '5035550142',
      opening_hours: {
        friday: { close: '01:30', closing_day: 'saturday' },
        sunday: { closing_day: 'monday' },
      },
    });
    expect(created.timezone).toBeTruthy();

    // Step 2 with an empty menu; one dish with a photo in every category.
    await visible(page, 'Step 2 of 3').toBe(true);
    for (const category of MENU_CATEGORIES) {
      const dish = dishes[category];
      await page.getByLabel('Item name *').fill(dish.name);
      await page.getByLabel('Description *').fill(`House ${dish.name.toLowerCase()}, made today.`);
      await page.getByLabel('Price (USD) *').fill(dish.price);
      await page.getByLabel('Category *').selectOption({ label: menuCategoryLabels[category] });
      await page.getByLabel('Photo').setInputFiles({
        name: `${dish.name}.png`,
        mimeType: 'image/png',
        buffer: solidPng(64, 48, dish.colour),
      });
      await page.getByRole('button', { name: 'Add item' }).click();
      await expect
        .poll(() => page.getByRole('article', { name: dish.name }).isVisible(), { timeout: 15_000 })
        .toBe(true);
    }
    await visible(page, menuMessages.added).toBe(true);
    await visible(page, 'Step 3 of 3').toBe(true);

    // Every photo was uploaded through its signed URL and is served back.
    const items = (
      await product.app.inject({ url: `/api/v1/menu/get-menu-items/${restaurantId}`, headers })
    ).json().data as Array<{ item_name: string; image: string; category: string }>;
    expect(items.map((item) => item.category).sort()).toEqual([...MENU_CATEGORIES].sort());
    for (const item of items) {
      expect(item.image).not.toContain('?');
      const photo = await fetch(item.image);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/png');
    }
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            [...document.querySelectorAll('main img, img')].filter(
              (img) =>
                (img as HTMLImageElement).src.includes('/uploads/') &&
                (img as HTMLImageElement).naturalWidth > 0,
            ).length,
        ),
      )
      .toBeGreaterThanOrEqual(5);

    // Complete Setup stores the flag as completed and the steps go away.
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect
      .poll(() => page.evaluate((id) => localStorage.getItem(`restaurant_${id}_menuSetup`), restaurantId))
      .toBe('completed');
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByRole('article', { name: 'Burrata' }).isVisible()).toBe(true);
    expect(await page.getByText('Step 3 of 3').count()).toBe(0);

    // The QR page: the code leads to this restaurant's menu; Download gives a 400×500 image named by id.
    await page.getByRole('link', { name: 'Generate Qr Code' }).click();
    await visible(page, qrMessages.title).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${restaurantId}.png`);
    const poster = PNG.sync.read(await readFile((await download.path())!));
    expect([poster.width, poster.height]).toEqual([400, 500]);
    const decoded = jsQR(new Uint8ClampedArray(poster.data), poster.width, poster.height);
    expect(decoded?.data).toBe(`${product.baseUrl}/menu-display?token=${created.token}`);

    // Print prints the card alone.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).first().isVisible()).toBe(false);
    expect(await page.getByText(qrMessages.title).first().isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Edit Restaurant: contact fields are read-only; the tables change; the banner goes after 3 s.
    await page.getByRole('link', { name: 'Edit Restaurant' }).click();
    await expect.poll(() => page.getByLabel('Number of tables').inputValue(), { timeout: 10_000 }).toBe('8');
    expect(await page.getByLabel('Email').isEditable()).toBe(false);
    expect(await page.getByLabel('City').isEditable()).toBe(false);
    await page.getByLabel('Number of tables').fill('12');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page, restaurantMessages.updated).toBe(true);
    await expect.poll(() => page.getByText(restaurantMessages.updated).count(), { timeout: 6_000 }).toBe(0);
    const edited = (
      await product.app.inject({ url: `/api/v1/restaurant/get-restaurant/${restaurantId}`, headers })
    ).json().data;
    expect(edited).toMatchObject({ number_of_tables: 12, email: 'ciao@osteria.example' });

    // Profile: Edit Profile, Save Changes, back to the view with the new value.
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('City').fill('Portland');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Edit Profile' }).isVisible()).toBe(true);
    await visible(page, 'Portland').toBe(true);
    const profile = (
      await product.app.inject({ url: `/api/v1/auth/user/${created.user_id}`, headers })
    ).json();
    expect(JSON.stringify(profile)).toContain('Portland');
    await page
      .getByRole('link', { name: /Subscription Details/ })
      .first()
      .click();
    await page.waitForURL('**/subscription-details');
    await context.close();
  });

  it('on a 390-px phone, keeps the navigation greyed in a drawer until the restaurant exists', async () => {
    const owner = await newVerifiedOwner(product);
    await subscribeThroughApi(product, owner);
    const context = await product.newContext({ phone: true });
    const page = await context.newPage();
    await logIn(page, owner);
    await page.waitForURL('**/dashboard/create-restaurant');

    // The side navigation is a drawer on a phone.
    const drawer = page.getByRole('dialog');
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    for (const greyed of [
      'profile',
      'generateQrCode',
      'menuManagement',
      'orderManagement',
      'kitchenManagement',
    ]) {
      expect(await drawer.getByTestId(`nav-${greyed}`).getAttribute('aria-disabled')).toBe('true');
    }
    expect(await drawer.getByRole('link', { name: 'Create Restaurant' }).isVisible()).toBe(true);
    await drawer.getByTestId('nav-menuManagement').click({ force: true });
    expect(new URL(page.url()).pathname).toBe('/dashboard/create-restaurant');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);

    await fillRestaurantForm(page, 'Trattoria Verde');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/dashboard/menu-management', { timeout: 15_000 });

    // Once the restaurant exists, every entry works and a tap closes the drawer.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Edit Restaurant' }).isVisible()).toBe(true);
    await drawer.getByRole('link', { name: 'Generate Qr Code' }).click();
    await page.waitForURL('**/dashboard/generate-qr-code');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    // No dishes yet, so no code: the page says what to do first.
    await visible(page, qrMessages.noMenuItems).toBe(true);
    await context.close();
  });
});
