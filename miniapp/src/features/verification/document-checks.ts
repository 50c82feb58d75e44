/** The largest document the platform accepts (`MAX_DOCUMENT_BYTES`). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024

/** What a document may be, as the platform names them. */
export const DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence', 'residence_permit', 'utility_bill', 'bank_statement', 'selfie'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** The formats the platform accepts; it checks the file's first bytes, this check saves the player a wasted upload. */
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf'
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf'])
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|pdf)$/i

export type DocumentProblem = 'too-large' | 'wrong-type' | 'empty'

/** Why a chosen file cannot be sent, before any upload; undefined when it may go. */
export function documentProblem(file: Pick<File, 'name' | 'size' | 'type'>): DocumentProblem | undefined {
  if (file.size === 0) return 'empty'
  if (file.size > MAX_DOCUMENT_BYTES) return 'too-large'
  const typed = file.type === '' ? ACCEPTED_EXTENSIONS.test(file.name) : ACCEPTED_TYPES.has(file.type)
  return typed && ACCEPTED_EXTENSIONS.test(file.name) ? undefined : 'wrong-type'
}
