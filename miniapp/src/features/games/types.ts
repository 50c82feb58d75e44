export interface GameCollection {
  id: number
  identity: string
  name: string
  isHidden: boolean
  /** Country codes the collection is limited to; empty means everywhere. */
  countries: string[]
  gamesCount: number
}

export type ImageDensity = '1x' | '2x' | '3x'
export type GameImageRatio = '1x1' | '3x4'
export type GameImageSet = Record<ImageDensity, string>

export interface GameProvider {
  id: number
  identity: string
  name: string
}

export interface Game {
  id: number
  identity: string
  name: string
  provider: GameProvider
  hasDemo: boolean
  images: Record<GameImageRatio, GameImageSet>
}
