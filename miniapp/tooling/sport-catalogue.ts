/**
 * The sport catalogue an operator supplies at build time (spec section 3: "static list of about 150
 * entries with id, name, code (slug), optional widget background image, card background and card
 * image"). The provider's full list comes with its sportsbook contract and is not public, so the app
 * takes it from a JSON file named by the build setting `SPORT_CATALOGUE_FILE` (default
 * `sport-catalogue.json` beside this folder: the spec's named sports with the sandbox's artwork) and
 * refuses to build with a bad one, every problem named.
 */

export interface SportImages {
  /** Behind the widget on the sport's pages. */
  widgetBackground?: string
  /** The sport card's background. */
  cardBackground?: string
  /** The sport card's picture. */
  cardImage?: string
}

export interface CatalogueEntry {
  /** The sportsbook provider's sport id (66 soccer ... 179). */
  id: number
  name: string
  /** The slug of its address, `/sport/{code}`. */
  code: string
  images: SportImages
}

/** The spec's special first segments of a sport address: a sport named so could not be reached. */
const SPECIAL_PAGES = ['bethistory', 'history', 'live', 'results', 'resultdetails', 'settings', 'search', 'virtual', 'event']
/** `/sport/esports` is the e-sports page, the sport whose provider id is this. */
const ESPORTS = { id: 145, code: 'esports' }

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const IMAGE_KEYS = ['widgetBackground', 'cardBackground', 'cardImage'] as const
const ENTRY_KEYS = new Set(['id', 'name', 'code', 'images'])

/** A path of the site (not `//host`) or an https address. */
function validImage(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048 || /[\s"'()\\]/.test(value)) return false
  if (value.startsWith('/')) return !value.startsWith('//')
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

/** The catalogue in `text` (a JSON array of entries), or an error naming every problem and `source`. */
export function parseSportCatalogue(text: string, source: string): CatalogueEntry[] {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`The sport catalogue ${source} is not JSON: ${(error as Error).message}`, { cause: error })
  }
  if (!Array.isArray(data) || data.length === 0) throw new Error(`The sport catalogue ${source} must be a non-empty JSON array of sports.`)
  const problems: string[] = []
  const ids = new Set<number>()
  const codes = new Set<string>()
  const entries: CatalogueEntry[] = []
  data.forEach((raw: unknown, index) => {
    const at = `entry ${String(index)}`
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push(`${at}: not an object`)
      return
    }
    const entry = raw as Record<string, unknown>
    for (const key of Object.keys(entry)) if (!ENTRY_KEYS.has(key)) problems.push(`${at}: unknown field ${key}`)
    const { id, name, code, images = {} } = entry
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) problems.push(`${at}: id must be a positive whole number`)
    else if (ids.has(id)) problems.push(`${at}: id ${String(id)} appears twice`)
    else ids.add(id)
    if (typeof name !== 'string' || name.trim() === '' || name.length > 80) problems.push(`${at}: name must be 1 to 80 characters`)
    if (typeof code !== 'string' || !SLUG.test(code) || code.length > 60) problems.push(`${at}: code must be a lowercase hyphenated slug`)
    else if (codes.has(code)) problems.push(`${at}: code ${code} appears twice`)
    else if (code === ESPORTS.code ? id !== ESPORTS.id : SPECIAL_PAGES.includes(code)) problems.push(`${at}: code ${code} is a special page of the sportsbook`)
    else codes.add(code)
    const checkedImages: SportImages = {}
    if (typeof images !== 'object' || images === null || Array.isArray(images)) problems.push(`${at}: images must be an object`)
    else {
      for (const [key, value] of Object.entries(images)) {
        if (!(IMAGE_KEYS as readonly string[]).includes(key)) problems.push(`${at}: unknown image ${key}`)
        else if (!validImage(value)) problems.push(`${at}: ${key} must be a path of the site or an https address`)
        else checkedImages[key as (typeof IMAGE_KEYS)[number]] = value
      }
    }
    if (typeof id === 'number' && typeof name === 'string' && typeof code === 'string') entries.push({ id, name: name.trim(), code, images: checkedImages })
  })
  if (problems.length > 0) throw new Error(`The sport catalogue ${source} has ${String(problems.length)} problem(s):\n- ${problems.join('\n- ')}`)
  return entries
}
