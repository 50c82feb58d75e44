import type { Invoice, InvoiceStatuses } from '@/features/wallet/payments/invoice-machine'

import { bounceableTonAddress, parseTonAddress } from './address'
import { Cell, commentCell, toBoc } from './cells'

/**
 * What a TON or USDT-on-TON invoice asks the player's wallet to send, read from its `publicData`
 * (docs/ton.md): the destination (bounceable user-friendly), the exact amount as an integer string
 * (`amount` in nanotons for TON; `jettonAmount` in jetton units for USDT, 6 decimals, with its
 * `jettonMaster`), and the comment that matches the transfer to the invoice. Amounts stay strings and bigints: a float would round them.
 */
export type TonTransfer =
  | { kind: 'ton'; address: string; nanotons: bigint; comment: string }
  | { kind: 'jetton'; address: string; units: bigint; comment: string; jettonMaster: string }

/** A whole number of the smallest unit, written in digits only (`"2000000000"`); undefined for anything else. */
export function integerAmount(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? BigInt(value) : undefined
  if (typeof value !== 'string' || !/^\d{1,30}$/.test(value)) return undefined
  const amount = BigInt(value)
  return amount > 0n ? amount : undefined
}

/** The transfer a pending TON or USDT-on-TON deposit asks for, or undefined for any other invoice. */
export function tonTransferOf(invoice: Pick<Invoice, 'type' | 'status' | 'publicData'>, statuses: InvoiceStatuses): TonTransfer | undefined {
  if (invoice.type !== 'deposit' || invoice.status !== statuses.pending || !invoice.publicData) return undefined
  const data = invoice.publicData as Record<string, unknown>
  const address = typeof data.address === 'string' ? bounceableTonAddress(data.address) : undefined
  const comment = typeof data.comment === 'string' ? data.comment : undefined
  if (!address || comment === undefined) return undefined
  if (data.jettonMaster === undefined) {
    const nanotons = integerAmount(data.amount)
    return nanotons === undefined ? undefined : { kind: 'ton', address, nanotons, comment }
  }
  const jettonMaster = typeof data.jettonMaster === 'string' ? bounceableTonAddress(data.jettonMaster) : undefined
  const units = integerAmount(data.jettonAmount)
  return jettonMaster && units !== undefined ? { kind: 'jetton', address, units, comment, jettonMaster } : undefined
}

/** Toncoin a jetton transfer carries to pay its fees; the jetton wallet returns what is left to the sender. */
export const JETTON_TRANSFER_FEE_NANOTONS = 50_000_000n
/** Toncoin forwarded with the transfer notification, so the recipient sees the comment. */
const JETTON_FORWARD_NANOTONS = 1n
const JETTON_TRANSFER_OP = 0x0f8a7ea5

/**
 * How long the wallet may take to send it (TON Connect's `validUntil`): five minutes, time to open and
 * unlock a wallet and read the transfer, and the most the TON Connect SDK takes without a warning.
 */
export const TRANSFER_VALID_FOR_SECONDS = 5 * 60

interface TonMessage {
  address: string
  amount: string
  payload: string
}

export interface TonTransactionRequest {
  validUntil: number
  messages: TonMessage[]
}

/**
 * The one message the wallet is asked to send. Toncoin goes straight to the invoice's address with the
 * comment as payload. A jetton goes as a standard jetton `transfer` (TEP-74) to the sender's own jetton
 * wallet (`senderJettonWallet`), naming the invoice's address as the destination, the sender as where
 * the fee's change returns, and the comment as the forwarded payload.
 */
export function transactionRequest(
  transfer: TonTransfer,
  sender: { owner: string; jettonWallet?: string | undefined },
  now: number = Date.now(),
): TonTransactionRequest {
  const validUntil = Math.floor(now / 1000) + TRANSFER_VALID_FOR_SECONDS
  if (transfer.kind === 'ton') {
    return { validUntil, messages: [{ address: transfer.address, amount: transfer.nanotons.toString(), payload: toBoc(commentCell(transfer.comment)) }] }
  }
  const destination = parseTonAddress(transfer.address)
  const owner = parseTonAddress(sender.owner)
  const jettonWallet = sender.jettonWallet ? bounceableTonAddress(sender.jettonWallet) : undefined
  if (!destination || !owner || !jettonWallet) throw new TypeError('A jetton transfer needs the sender and its jetton wallet')
  const body = new Cell()
    .uint(JETTON_TRANSFER_OP, 32)
    .uint(BigInt(now), 64)
    .coins(transfer.units)
    .address(destination)
    .address(owner)
    .bit(false)
    .coins(JETTON_FORWARD_NANOTONS)
    .bit(true)
    .ref(commentCell(transfer.comment))
  return { validUntil, messages: [{ address: jettonWallet, amount: JETTON_TRANSFER_FEE_NANOTONS.toString(), payload: toBoc(body) }] }
}
