/**
 * TON account addresses in their two written forms: raw (`0:` and 64 hex digits) and user-friendly
 * (48 base64url characters: a flags byte, the workchain, the 32-byte hash and a CRC16 checksum).
 * Bounceable (`EQ…`) is the form TON asks for when paying a contract or a wallet that is already
 * deployed; `UQ…` is the same account, non-bounceable.
 */

export interface TonAddress {
  workchain: number
  hash: Uint8Array
}

const BOUNCEABLE = 0x11
const NON_BOUNCEABLE = 0x51
const TEST_ONLY = 0x80

/** CRC16/XMODEM, the checksum of a user-friendly address. */
function crc16(bytes: Uint8Array): number {
  let crc = 0
  for (const byte of bytes) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc
}

function fromBase64Url(text: string): Uint8Array | undefined {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(binary, (char) => char.charCodeAt(0))
  } catch {
    return undefined
  }
}

/** Reads either form; undefined for anything else, or a user-friendly address whose checksum fails. */
export function parseTonAddress(text: string): TonAddress | undefined {
  const trimmed = text.trim()
  const raw = /^(-1|0):([0-9a-fA-F]{64})$/.exec(trimmed)
  if (raw) {
    const hex = raw[2] ?? ''
    return { workchain: Number(raw[1]), hash: Uint8Array.from({ length: 32 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16)) }
  }
  if (!/^[A-Za-z0-9_+/-]{48}$/.test(trimmed)) return undefined
  const bytes = fromBase64Url(trimmed)
  if (bytes?.length !== 36) return undefined
  const flags = (bytes[0] ?? 0) & ~TEST_ONLY
  if (flags !== BOUNCEABLE && flags !== NON_BOUNCEABLE) return undefined
  if (crc16(bytes.subarray(0, 34)) !== ((bytes[34] ?? 0) << 8 | (bytes[35] ?? 0))) return undefined
  const workchain = bytes[1] === 0xff ? -1 : (bytes[1] ?? 0)
  return { workchain, hash: bytes.slice(2, 34) }
}

/** The user-friendly form, bounceable unless asked otherwise, url-safe. */
export function friendlyTonAddress(address: TonAddress, options: { bounceable?: boolean; testOnly?: boolean } = {}): string {
  const bytes = new Uint8Array(36)
  bytes[0] = (options.bounceable === false ? NON_BOUNCEABLE : BOUNCEABLE) | (options.testOnly ? TEST_ONLY : 0)
  bytes[1] = address.workchain & 0xff
  bytes.set(address.hash, 2)
  const crc = crc16(bytes.subarray(0, 34))
  bytes[34] = crc >> 8
  bytes[35] = crc & 0xff
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_')
}

/** Any written address as its bounceable user-friendly form, or undefined when it is not an address. */
export function bounceableTonAddress(text: string, testOnly = false): string | undefined {
  const parsed = parseTonAddress(text)
  return parsed ? friendlyTonAddress(parsed, { bounceable: true, testOnly }) : undefined
}
