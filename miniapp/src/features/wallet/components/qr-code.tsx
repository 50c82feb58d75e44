import { encode } from 'uqr'

export interface QrCodeProps {
  /** The text to encode: a payment URI or an address. */
  value: string
  /** The accessible name of the picture. */
  label: string
}

/**
 * A QR code drawn as one SVG path from the `uqr` encoder (a few kB, loaded with the wallet modal only):
 * dark modules on white with the standard quiet zone, so any wallet's camera reads it in either palette.
 */
export function QrCode({ value, label }: QrCodeProps) {
  const { data, size } = encode(value, { ecc: 'M', border: 4 })
  let path = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="mx-auto size-48 rounded-xl bg-white" shapeRendering="crispEdges">
      <path d={path} fill="#000" />
    </svg>
  )
}
