import { z } from 'zod';
import { LoginResponse } from './auth';
import { id, requiredText, token } from './fields';
import { DEVICE_ROLES } from './staff-roles';

/** Paired devices: docs/product/staff.md#paired-devices, docs/decisions/019-device-credentials.md. */

export {
  deviceMessages,
  deviceScreenMessages,
  PAIRING_CODE_DIGITS,
  PAIRING_CODE_MINUTES,
} from './device-messages';

import { deviceMessages, PAIRING_CODE_DIGITS } from './device-messages';

export const pairingCode = token(PAIRING_CODE_DIGITS, {
  min: PAIRING_CODE_DIGITS,
  pattern: new RegExp(`^\\d{${PAIRING_CODE_DIGITS}}$`),
  message: deviceMessages.invalidCode,
  trim: true,
});

/**
 * `<device id>.<43 base64url characters: 256 random bits>`: the id finds the row, the rest proves
 * it. An id past any row's (int4) is refused by the service as an unknown credential.
 */
export const deviceCredential = token(54, { pattern: /^\d{1,10}\.[A-Za-z0-9_-]{43}$/ });

export const CreatePairingCodeBody = z.strictObject({
  device_name: requiredText('Device name', 60),
  role: z.enum(DEVICE_ROLES, deviceMessages.invalidRole),
});
export type CreatePairingCodeBody = z.infer<typeof CreatePairingCodeBody>;

export const PairingCodeResponse = z.object({
  code: z.string(),
  expires_at: z.string(),
  /** The link the QR code carries: the app's /pair page with the code filled in. */
  pair_url: z.string(),
  /** The pair link's QR code, drawn by the web from its modules (ADR 013). */
  qr: z.object({ size: z.number().int(), modules: z.string() }),
});
export type PairingCodeResponse = z.infer<typeof PairingCodeResponse>;

export const PairBody = z.strictObject({ code: pairingCode });
export const RefreshDeviceBody = z.strictObject({ credential: deviceCredential });

/** A login's answer, plus the credential the device keeps to come back (shown once). */
export const DeviceSessionResponse = LoginResponse.extend({
  role: z.enum(DEVICE_ROLES),
  credential: z.string(),
  device: z.object({ id: z.number().int(), name: z.string() }),
});
export type DeviceSessionResponse = z.infer<typeof DeviceSessionResponse>;

export const DeviceSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(DEVICE_ROLES),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
});
export type DeviceSummary = z.infer<typeof DeviceSummary>;

export const DeviceListResponse = z.object({
  devices: z.array(DeviceSummary),
  /** The restaurant's time zone, in which the screen shows last seen and pairing dates. */
  timezone: z.string().optional(),
});
export type DeviceListResponse = z.infer<typeof DeviceListResponse>;

export const DevicesParams = z.strictObject({ restaurant_id: id });
export const DeviceParams = z.strictObject({ restaurant_id: id, device_id: id });

export const RevokeDeviceResponse = z.object({ message: z.string() });
