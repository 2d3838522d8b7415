import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Product } from './harness';

let counter = 0;

export type OwnerLogin = { email: string; password: string };

/** A verified owner, registered through the API (the register page has its own journey). */
export async function newVerifiedOwner(product: Product): Promise<OwnerLogin> {
  counter += 1;
  const owner = { email: `owner${counter}@bistro.example`, password: 'owner password 1' };
  const registered = await product.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: {
      ...owner,
      first_name: 'Sam',
      last_name: 'Owner',
      phone: '4155550111',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip_code: '73301',
      country: 'United States',
    },
  });
  expect(registered.statusCode).toBe(201);
  const link = new URL((await product.mailTo(owner.email)).links[0]!);
  await product.app.inject({ method: 'GET', url: `/api/v1/auth/verify-email${link.search}` });
  return owner;
}

/** The owner's API token and user id, as the login call answers. */
export async function ownerToken(product: Product, owner: OwnerLogin) {
  const login = await product.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: owner });
  expect(login.statusCode).toBe(200);
  const body = login.json() as { user_id: number; token: string };
  return { userId: body.user_id, headers: { authorization: `Bearer ${body.token}` } };
}

/** Subscribes the owner to the first plan with the test card, through the API. */
export async function subscribeThroughApi(product: Product, owner: OwnerLogin): Promise<void> {
  const { userId, headers } = await ownerToken(product, owner);
  const plans = (await product.app.inject({ method: 'GET', url: '/api/v1/subscription/plans' })).json()
    .plans as Array<{ plan_id: number }>;
  const subscribed = await product.app.inject({
    method: 'POST',
    url: '/api/v1/subscription/create-subscription',
    headers,
    payload: { user_id: userId, plan_id: plans[0]!.plan_id, payment_method_id: 'pm_card_visa' },
  });
  expect(subscribed.statusCode).toBe(201);
}

export async function logIn(page: Page, owner: OwnerLogin) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
