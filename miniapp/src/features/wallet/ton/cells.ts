import type { TonAddress } from './address'

/**
 * The few TON cells a payment needs (a text comment, a jetton transfer), serialised as a bag of cells
 * (BOC, base64) for TON Connect's `payload`. A cell holds at most 1023 bits and 4 references; longer
 * text continues in a chain of cells ("snake" form), as wallets read comments.
 */

const MAX_BITS = 1023

export class Cell {
  readonly bits: number[] = []
  readonly refs: Cell[] = []

  uint(value: bigint | number, width: number): this {
    const big = BigInt(value)
    for (let bit = width - 1; bit >= 0; bit--) this.bits.push(Number((big >> BigInt(bit)) & 1n))
    return this.checked()
  }

  bit(value: boolean): this {
    this.bits.push(value ? 1 : 0)
    return this.checked()
  }

  bytes(data: Uint8Array): this {
    for (const byte of data) this.uint(byte, 8)
    return this
  }

  /** `Coins` (VarUInteger 16): the length in bytes, then the value. */
  coins(value: bigint): this {
    const length = value === 0n ? 0 : Math.ceil(value.toString(16).length / 2)
    return this.uint(length, 4).uint(value, length * 8)
  }

  /** `MsgAddressInt` as `addr_std`, without anycast. */
  address(address: TonAddress): this {
    this.uint(0b100, 3).uint(address.workchain & 0xff, 8)
    return this.bytes(address.hash)
  }

  ref(cell: Cell): this {
    if (this.refs.length === 4) throw new RangeError('A cell holds at most 4 references')
    this.refs.push(cell)
    return this
  }

  private checked(): this {
    if (this.bits.length > MAX_BITS) throw new RangeError('A cell holds at most 1023 bits')
    return this
  }
}

/** A text comment: op 0, then the UTF-8 text, chained over as many cells as it takes. */
export function commentCell(text: string): Cell {
  const bytes = new TextEncoder().encode(text)
  const root = new Cell().uint(0, 32)
  let cell = root
  let room = Math.floor((MAX_BITS - 32) / 8)
  let offset = 0
  for (;;) {
    cell.bytes(bytes.subarray(offset, offset + room))
    offset += room
    if (offset >= bytes.length) return root
    const next = new Cell()
    cell.ref(next)
    cell = next
    room = Math.floor(MAX_BITS / 8)
  }
}

/** CRC32-C (Castagnoli), the checksum a BOC ends with. */
function crc32c(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** The cell's own bytes: two descriptor bytes, its data (completed with a 1 bit and zeros), then its references' indices. */
function cellBytes(cell: Cell, index: Map<Cell, number>): number[] {
  const full = Math.floor(cell.bits.length / 8)
  const partial = cell.bits.length % 8 !== 0
  const padded = partial ? [...cell.bits, 1, ...Array<number>(7 - (cell.bits.length % 8)).fill(0)] : cell.bits
  const data: number[] = []
  for (let i = 0; i < padded.length; i += 8) data.push(padded.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0))
  return [cell.refs.length, full * 2 + (partial ? 1 : 0), ...data, ...cell.refs.map((ref) => index.get(ref) ?? 0)]
}

/** A one-root bag of cells with its CRC32-C, base64: what TON Connect's `payload` carries. */
export function toBoc(root: Cell): string {
  const order: Cell[] = []
  const visit = (cell: Cell) => {
    if (order.includes(cell)) return
    order.push(cell)
    cell.refs.forEach(visit)
  }
  visit(root)
  if (order.length > 255) throw new RangeError('Too many cells for a payment payload')
  const index = new Map(order.map((cell, position) => [cell, position]))
  const cells = order.flatMap((cell) => cellBytes(cell, index))
  const offsetBytes = Math.max(1, Math.ceil(cells.length.toString(16).length / 2))
  const size = Array.from({ length: offsetBytes }, (_, i) => (cells.length >> (8 * (offsetBytes - 1 - i))) & 0xff)
  const head = [0xb5, 0xee, 0x9c, 0x72, 0x40 | 1, offsetBytes, order.length, 1, 0, ...size, 0]
  const body = Uint8Array.from([...head, ...cells])
  const crc = crc32c(body)
  const bytes = Uint8Array.from([...body, crc & 0xff, (crc >>> 8) & 0xff, (crc >>> 16) & 0xff, crc >>> 24])
  return btoa(String.fromCharCode(...bytes))
}
