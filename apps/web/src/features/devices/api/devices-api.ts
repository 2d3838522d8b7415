import type {
  CreatePairingCodeBody,
  DeviceListResponse,
  DeviceSessionResponse,
  PairingCodeResponse,
} from '@tableserve/contract/devices';
import { apiRequest } from '@/lib/api-client';

/** The devices API (docs/product/staff.md#paired-devices). */
const base = (restaurantId: number) => `/owner/restaurant/${restaurantId}/devices`;

export const pairDevice = (code: string) =>
  apiRequest<DeviceSessionResponse>('/devices/pair', { method: 'POST', body: { code } });

export const createPairingCode = (token: string, restaurantId: number, body: CreatePairingCodeBody) =>
  apiRequest<PairingCodeResponse>(`${base(restaurantId)}/pairing-codes`, { method: 'POST', token, body });

export const listDevices = (token: string, restaurantId: number) =>
  apiRequest<DeviceListResponse>(base(restaurantId), { token });

export const revokeDevice = (token: string, restaurantId: number, deviceId: number) =>
  apiRequest<{ message: string }>(`${base(restaurantId)}/${deviceId}/revoke`, { method: 'POST', token });
