/**
 * The crypto address a withdrawal pays to (`wallet_id`, spec section 5: required). The spec shows no
 * format rule; a real product refuses what cannot be an address of the method's network before the
 * platform does, so a mistyped address is caught while the player can still see it. Each check is the
 * network's published shape (prefix, alphabet, length); checksums stay with the provider.
 */

export type AddressProblem = 'required' | 'malformed'

/** TON's networks: toncoin ("TON") and a jetton on TON ("TON (jetton)", USDT), both paid to a TON address. */
const TON_NETWORKS = /^ton(?: \(jetton\))?$/i

const NETWORK_SHAPES: readonly [RegExp, RegExp][] = [
  // Bitcoin: bech32 (bc1…) or base58 legacy and script addresses (1…, 3…).
  [/^bitcoin$/i, /^(?:bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/],
  // Ethereum and its ERC-20 tokens: 0x and 40 hex digits.
  [/^ethereum/i, /^0x[0-9a-fA-F]{40}$/],
  // TRON: T and 33 base58 characters.
  [/^tron/i, /^T[1-9A-HJ-NP-Za-km-z]{33}$/],
  // TON and its jettons, user-friendly form: 48 base64url characters, bounceable or not, main or test net (EQ, UQ, kQ, 0Q).
  [TON_NETWORKS, /^[EUk0]Q[A-Za-z0-9_-]{46}$/],
]

/** Whether a method's network is one of TON's, whose withdrawals a connected TON wallet can receive. */
export function isTonNetwork(network: string | null | undefined): boolean {
  return TON_NETWORKS.test(network ?? '')
}

/** What the platform accepts for any network: letters, digits, `-` and `_`, at most 256 characters. */
const ANY_ADDRESS = /^[A-Za-z0-9_-]{1,256}$/

export function addressProblem(address: string, network: string | undefined): AddressProblem | undefined {
  const trimmed = address.trim()
  if (trimmed === '') return 'required'
  if (!ANY_ADDRESS.test(trimmed)) return 'malformed'
  const shape = NETWORK_SHAPES.find(([name]) => name.test(network ?? ''))?.[1]
  if (shape && !shape.test(trimmed)) return 'malformed'
  return undefined
}

/** A scanned QR code's address: the path of a payment URI (`bitcoin:bc1…?amount=1`, `ton://transfer/UQ…`), or the text. */
export function addressFromScan(text: string): string {
  const trimmed = text.trim()
  const uri = /^[a-z][a-z0-9+.-]*:(?:\/\/(?:transfer\/)?)?([^?&#/]+)/i.exec(trimmed)
  return uri?.[1] ?? trimmed
}
