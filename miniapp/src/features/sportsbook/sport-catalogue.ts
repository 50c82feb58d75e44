/**
 * The sport catalogue (spec section 3): the sportsbook provider's sport ids with each sport's name and
 * code, the code being the sport's slug in `/sport/{sport}/...`. The spec names the provider's ids from
 * 66 (soccer) to 179 without listing them all; the operator's full list comes with its sportsbook
 * contract. These are the sports the spec names and the sandbox's book offers: a sport missing here
 * still plays inside the widget, its address is just `/sport`.
 */
export interface CatalogueSport {
  id: number
  name: string
  /** The slug of its address. */
  code: string
}

/** E-sports, whose categories are games (spec: 1534 Counter-Strike, 1533 Dota2, 1330 Valorant, 1307 Hearthstone). */
export const ESPORTS_SPORT_ID = 145

export const SPORT_CATALOGUE: readonly CatalogueSport[] = [
  { id: 66, name: 'Soccer', code: 'soccer' },
  { id: 67, name: 'Basketball', code: 'basketball' },
  { id: 68, name: 'Tennis', code: 'tennis' },
  { id: 69, name: 'Volleyball', code: 'volleyball' },
  { id: 70, name: 'Ice Hockey', code: 'ice-hockey' },
  { id: 71, name: 'Boxing', code: 'boxing' },
  { id: ESPORTS_SPORT_ID, name: 'E-sports', code: 'esports' },
]

export function sportById(id: number): CatalogueSport | undefined {
  return SPORT_CATALOGUE.find((sport) => sport.id === id)
}

export function sportByCode(code: string): CatalogueSport | undefined {
  const wanted = code.toLowerCase()
  return SPORT_CATALOGUE.find((sport) => sport.code === wanted)
}
