import { type CreateCustomerBody, CustomerSessionResponse } from '@tableserve/contract/customer';
import { MessageResponse } from '@tableserve/contract/errors';
import { apiRequest } from '@/lib/api-client';
import { saveCustomerSession } from '@/session/diner/customer-session';

export type CustomerCredentials = { email: string; password: string };
export type SignupDetails = {
  customer_name: string;
  email: string;
  phone_number: string;
  password: string;
  restaurant_id: number;
};
export type GuestDetails = Omit<SignupDetails, 'password'>;

async function startSession(path: string, body: unknown): Promise<CustomerSessionResponse> {
  const response = CustomerSessionResponse.parse(await apiRequest<unknown>(path, { method: 'POST', body }));
  saveCustomerSession(response.data);
  return response;
}

/** POST /customer/login (docs/product/api-conventions.md#api-calls); a success stores customerData and CustomerToken. */
export function loginCustomer(credentials: CustomerCredentials): Promise<CustomerSessionResponse> {
  return startSession('/customer/login', credentials);
}

/** POST /customer/create: a registered diner, signed in at once. */
export function signupCustomer(details: SignupDetails): Promise<CustomerSessionResponse> {
  const body: CreateCustomerBody = details;
  return startSession('/customer/create', body);
}

/** POST /customer/create with is_guest and no password: a guest is a customer record too (docs/product/accounts.md#diner-accounts). */
export function continueAsGuest(details: GuestDetails): Promise<CustomerSessionResponse> {
  const body: CreateCustomerBody = { ...details, is_guest: true };
  return startSession('/customer/create', body);
}

/** POST /customer/forgot-password. The server answers alike whether or not the account exists. */
export async function requestCustomerPasswordReset(email: string): Promise<MessageResponse> {
  const response = await apiRequest<unknown>('/customer/forgot-password', {
    method: 'POST',
    body: { email },
  });
  return MessageResponse.parse(response);
}
