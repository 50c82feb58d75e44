import { describe, expect, it } from 'vitest'

import { documentProblem, MAX_DOCUMENT_BYTES } from '@/features/verification/document-checks'

const file = (name: string, type: string, size = 1000) => ({ name, type, size })

describe('documentProblem', () => {
  it('lets JPEG, PNG and PDF files up to 10 MB through', () => {
    expect(documentProblem(file('passport.png', 'image/png'))).toBeUndefined()
    expect(documentProblem(file('scan.JPG', 'image/jpeg'))).toBeUndefined()
    expect(documentProblem(file('bill.pdf', 'application/pdf', MAX_DOCUMENT_BYTES))).toBeUndefined()
    // Some phones report no type: the name decides here, the platform's byte check decides in the end.
    expect(documentProblem(file('photo.jpeg', ''))).toBeUndefined()
  })

  it('refuses what the platform would refuse, before uploading it', () => {
    expect(documentProblem(file('huge.png', 'image/png', MAX_DOCUMENT_BYTES + 1))).toBe('too-large')
    expect(documentProblem(file('setup.exe', 'application/x-msdownload'))).toBe('wrong-type')
    expect(documentProblem(file('photo.heic', 'image/heic'))).toBe('wrong-type')
    expect(documentProblem(file('notes.txt', ''))).toBe('wrong-type')
    expect(documentProblem(file('empty.png', 'image/png', 0))).toBe('empty')
  })
})
