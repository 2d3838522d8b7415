// No zod here: every page's first load checks a paired device's session with these texts
// (docs/performance.md).

/** Paired devices' constants and texts: docs/product/staff.md#paired-devices. */

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
  codeHelp: 'On the tablet, open this address and type the code, or scan the QR code.',
  copyAddress: 'Copy address',
  addressCopied: 'Copied',
  pairedDone: 'Paired ✓',
  pairedBody: (name: string) => `${name} is paired and signed in. It is listed under Paired devices.`,
  pairAnother: 'Pair another device',
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
  /** The paired tablet's own screens. */
  signedInAs: 'Signed in as',
  logOut: 'Log Out',
  unpairTitle: 'Unpair this tablet?',
  unpairBody: (name: string) =>
    `Logging out unpairs ${name}: this tablet forgets its pairing and goes back to the pairing screen. To use it again, create a new pairing code on the Devices screen.`,
  unpairNote: 'Until then it stays listed on the Devices screen, where a manager can also revoke it.',
  confirmUnpair: 'Unpair',
  deviceNav: 'Device screens',
} as const;
