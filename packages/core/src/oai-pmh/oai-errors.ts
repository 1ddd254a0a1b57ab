/** The error conditions of OAI-PMH 2.0 (§3.6), each answered inside a 200 response. */
export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy'

export interface OaiError {
  code: OaiErrorCode
  /** What a person reads: names the argument or value. */
  message: string
}

/** Thrown inside a verb's answer before its first record: becomes the response's error. */
export class OaiProtocolError extends Error {
  readonly errors: OaiError[]

  constructor(code: OaiErrorCode, message: string) {
    super(message)
    this.name = 'OaiProtocolError'
    this.errors = [{ code, message }]
  }
}
