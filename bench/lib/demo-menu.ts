import path from 'node:path';
import { openDatabase } from '@tableserve/server/db';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from '@tableserve/server/seed';
import sharp from 'sharp';
import { expectStatus, requestJson } from './http';

type OptionGroup = Record<string, unknown> & { options: Array<Record<string, unknown>> };

/** An item's option groups as the update call takes them: the listing's ids are not fields it accepts. */
const withoutIds = (groups: OptionGroup[] | undefined) =>
  groups?.map(({ id: _group, options, ...group }) => ({
    ...group,
    options: options.map(({ id: _option, ...option }) => option),
  }));

/**
 * Seeds the demo restaurant (the one a first `npm start` creates) into PGlite files in dataDir,
 * for a server in production mode, which never seeds, to open next. Returns the menu's token.
 */
export async function seedDemoRestaurant(dataDir: string): Promise<string> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    const demo = await seedDemoData(database.db, { publicUrl: 'http://localhost' });
    const token = demo && new URL(demo.menuUrl).searchParams.get('token');
    if (!token) throw new Error(`The demo seed made no menu in ${path.join(dataDir, 'pglite')}`);
    return token;
  } finally {
    await database.close();
  }
}

/**
 * A photo as a phone takes one: 1600×1200 JPEG of textured colour (noise does not compress
 * away, so the resized variants weigh what real photos do).
 */
function photo(index: number): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const [red, green, blue] = [0, 120, 240].map((shift) =>
    Math.round(128 + 100 * Math.cos(((hue + shift) * Math.PI) / 180)),
  );
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: red!, g: green!, b: blue! },
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .blur(2)
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** Gives every demo dish a photo through the owner's own calls: signed URL, PUT, update. */
export async function addPhotosToDemoMenu(baseUrl: string): Promise<number> {
  const api = `${baseUrl}/api/v1`;
  const login = await requestJson(`${api}/auth/login`, {
    method: 'POST',
    body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  expectStatus(login, 200, 'demo owner login');
  const { token, resturant } = login.body as { token: string; resturant?: { restaurant_id: number } };
  if (!resturant) throw new Error('The demo owner has no restaurant');
  const headers = { authorization: `Bearer ${token}` };

  const list = await requestJson(`${api}/menu/get-menu-items/${resturant.restaurant_id}`, { headers });
  expectStatus(list, 200, 'demo menu');
  const items = (list.body as { data: Array<Record<string, unknown> & { menu_id: number }> }).data;
  for (const [index, item] of items.entries()) {
    const signed = await requestJson(`${api}/menu/generate-signed-url`, {
      method: 'POST',
      headers,
      body: { file_name: `dish-${item.menu_id}.jpg` },
    });
    expectStatus(signed, 200, 'signed upload URL');
    const { signed_url: signedUrl, image_url: image } = signed.body as {
      signed_url: string;
      image_url: string;
    };
    const put = await fetch(new URL(signedUrl, baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', 'if-none-match': '*' },
      body: new Uint8Array(await photo(index)),
    });
    if (!put.ok) throw new Error(`photo upload: HTTP ${put.status} ${await put.text()}`);
    const { menu_id: menuId, option_groups: groups, ...fields } = item;
    const updated = await requestJson(`${api}/menu/update-menu-item/${menuId}`, {
      method: 'POST',
      headers,
      body: { ...fields, option_groups: withoutIds(groups as OptionGroup[] | undefined), image },
    });
    expectStatus(updated, 200, 'menu item photo');
  }
  return items.length;
}
