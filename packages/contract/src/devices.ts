import { z } from 'zod';
import { LoginResponse } from './auth';
import { id, MAX_ID, requiredText } from './fields';
import { DEVICE_ROLES } from './staff-roles';

/** Paired devices: docs/product/staff.md#paired-devices, docs/decisions/019-device-credentials.md. */

/** A pairing code is this many digits, valid this long. */
export const PAIRING_CODE_DIGITS = 6;
export const PAIRING_CODE_MINUTES = 10;

export const deviceMessages = {
  invalidCode: 'Enter the 6-digit code shown on the Devices screen.',
  codeRefused: 'This code is wrong, used or expired. Create a new one on the Devices screen.',
  credentialRefused: 'This device is no longer paired. Pair it again.',
  notFound: 'Device not found',
  revoked: 'Device revoked. It is signed out.',
  invalidRole: 'A device is Kitchen or Server.',
} as const;

/** What the Devices screen and the /pair page say (docs/product/staff.md#paired-devices). */
export const deviceScreenMessages = {
  title: 'Devices',
  intro: 'Pair a kitchen or server tablet: no password on it, and you can sign it out at any time.',
  nameLabel: 'Device name',
  roleLabel: 'Role',
  createCode: 'Create pairing code',
  codeHeading: 'Pairing code',
  codeHelp: 'On the tablet, open /pair and type this code, or scan the QR code.',
  expiresIn: (time: string) => `Expires in ${time}`,
  expired: 'This code has expired. Create a new one.',
  listHeading: 'Paired devices',
  empty: 'No device is paired yet.',
  lastSeen: 'Last seen',
  never: 'Never',
  paired: 'Paired',
  revoke: (name: string) => `Revoke ${name}`,
  revokeTitle: 'Revoke this device?',
  revokeBody: (name: string) => `${name} is signed out at once and needs a new code to come back.`,
  confirmRevoke: 'Revoke',
  cancel: 'Cancel',
  loadFailed: 'The devices could not be loaded.',
  pairTitle: 'Pair this device',
  pairIntro: 'Enter the 6-digit code shown on the Devices screen of the restaurant’s dashboard.',
  pairCodeLabel: 'Pairing code',
  pairButton: 'Pair',
  pairing: 'Pairing…',
  signedOut: 'This device was signed out. Enter a new pairing code.',
  offline: 'The server cannot be reached. This device stays paired and tries again in a moment.',
} as const;

export const pairingCode = z
  .string(deviceMessages.invalidCode)
  .trim()
  .regex(new RegExp(`^\\d{${PAIRING_CODE_DIGITS}}$`), deviceMessages.invalidCode);

/** `<device id>.<43 base64url characters: 256 random bits>`: the id finds the row, the rest proves it. */
export const deviceCredential = z
  .string()
  .regex(/^\d{1,10}\.[A-Za-z0-9_-]{43}$/)
  // The id part names a row: past the ids a row can have, it is no credential at all.
  .refine((credential) => Number(credential.slice(0, credential.indexOf('.'))) <= MAX_ID);

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

export const DeviceListResponse = z.object({ devices: z.array(DeviceSummary) });
export type DeviceListResponse = z.infer<typeof DeviceListResponse>;

export const DevicesParams = z.strictObject({ restaurant_id: id });
export const DeviceParams = z.strictObject({ restaurant_id: id, device_id: id });

export const RevokeDeviceResponse = z.object({ message: z.string() });
