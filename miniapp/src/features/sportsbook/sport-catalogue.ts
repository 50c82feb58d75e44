import catalogue from 'virtual:sport-catalogue'

/**
 * The sport catalogue (spec section 3): the sportsbook provider's sport ids with each sport's name, code
 * (the sport's slug in `/sport/{sport}/...`) and images. The spec names the provider's ids from 66
 * (soccer) to 179 without listing them all; the operator's full list comes with its sportsbook contract,
 * so the build takes it from a JSON file (`SPORT_CATALOGUE_FILE`, validated by
 * `tooling/sport-catalogue.ts`). The default is the sports the spec names, which are the sandbox book's,
 * with the sandbox's generated artwork. A sport missing here still plays inside the widget, its address
 * is just `/sport`.
 */
export interface CatalogueSport {
  id: number
  name: string
  /** The slug of its address. */
  code: string
  images: {
    /** Behind the widget on the sport's pages. */
    widgetBackground?: string
    cardBackground?: string
    cardImage?: string
  }
}

/** E-sports, whose categories are games (spec: 1534 Counter-Strike, 1533 Dota2, 1330 Valorant, 1307 Hearthstone). */
export const ESPORTS_SPORT_ID = 145

export const SPORT_CATALOGUE: readonly CatalogueSport[] = catalogue

export function sportById(id: number): CatalogueSport | undefined {
  return SPORT_CATALOGUE.find((sport) => sport.id === id)
}

export function sportByCode(code: string): CatalogueSport | undefined {
  const wanted = code.toLowerCase()
  return SPORT_CATALOGUE.find((sport) => sport.code === wanted)
}
