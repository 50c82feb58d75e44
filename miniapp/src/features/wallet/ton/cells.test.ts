import { describe, expect, it } from 'vitest'

import { parseTonAddress } from './address'
import { Cell, commentCell, toBoc } from './cells'

// Expected bags of cells as TON's reference library (@ton/core) serialises the same cells.
describe('TON cells', () => {
  it('serialises a text comment as op 0 and the text, with its CRC32-C', () => {
    expect(toBoc(commentCell('Invoice 42'))).toBe('te6cckEBAQEAEAAAHAAAAABJbnZvaWNlIDQy0wy8qg==')
  })

  it('chains a comment longer than one cell holds', () => {
    expect(toBoc(commentCell('x'.repeat(200)))).toBe(
      'te6cckEBAgEA0QAB/gAAAAB4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHgBAJp4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eAqKHt0=',
    )
  })

  it('writes coins, addresses and references as a jetton transfer body needs them', () => {
    const destination = parseTonAddress(`0:${'12'.repeat(32)}`)
    const response = parseTonAddress(`0:${'34'.repeat(32)}`)
    if (!destination || !response) throw new Error('unreadable test address')
    const body = new Cell()
      .uint(0x0f8a7ea5, 32)
      .uint(0, 64)
      .coins(2_500_000n)
      .address(destination)
      .address(response)
      .bit(false)
      .coins(1n)
      .bit(true)
      .ref(commentCell('dep-1'))
    expect(toBoc(body)).toBe(
      'te6cckEBAgEAYgABqA+KfqUAAAAAAAAAADJiWggAJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCUADQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0CAwEAEgAAAABkZXAtMa0SjWo=',
    )
  })

  it('refuses more bits than a cell holds', () => {
    expect(() => new Cell().uint(0, 1024)).toThrow(RangeError)
  })
})
