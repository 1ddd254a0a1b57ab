/**
 * A collection or object as simple Dublin Core (`oai_dc`), the format every OAI-PMH harvester
 * reads: what each element holds is said in docs/harvesting.md.
 */
import { descriptionOf, idOf, notesOf } from '../documents/document-fields.js'
import type { CatalogueObject, Collection, Reference } from '../documents/documents.js'
import { element } from '../ead-export/xml-text.js'

export const OAI_DC = {
  prefix: 'oai_dc',
  namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
  schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
} as const

/** Where records' pages are (`https://example.org` + uri), and who publishes them. */
export interface DublinCoreContext {
  publicUrl: string
  repositoryName: string
}

/** DCMI types of the catalogue's formats. */
const FORMAT_TYPES = {
  documents: 'Text',
  photographs: 'StillImage',
  audio: 'Sound',
  'moving image': 'MovingImage',
} as const

/** `<oai_dc:dc>` of a collection or object. */
export function dublinCore(
  document: Collection | CatalogueObject,
  context: DublinCoreContext,
): string {
  const dc = (name: string, value: string | null | undefined) =>
    value ? element(`dc:${name}`, value) : ''
  const parts: string[] = [dc('title', document.title)]
  for (const creator of creatorsOf(document)) parts.push(dc('creator', creator.title))
  for (const name of subjectNames(document)) parts.push(dc('subject', name.title))
  for (const term of document.terms ?? []) parts.push(dc('subject', term.title))
  parts.push(dc('description', descriptionOf(document)))
  parts.push(dc('publisher', context.repositoryName))
  for (const date of document.dates) {
    const { begin } = date
    const end = date.end ?? null
    parts.push(dc('date', begin === null ? null : end && end !== begin ? `${begin}/${end}` : begin))
  }
  const types = new Set<string>(document.type === 'collection' ? ['Collection'] : [])
  for (const format of document.formats) types.add(FORMAT_TYPES[format])
  for (const type of types) parts.push(dc('type', type))
  if (document.level) parts.push(dc('type', document.level))
  for (const extent of document.extents) parts.push(dc('format', `${extent.value} ${extent.type}`))
  parts.push(dc('identifier', `${context.publicUrl}${document.uri}`))
  parts.push(dc('identifier', document.uri))
  for (const language of document.languages ?? []) parts.push(dc('language', language.identifier))
  if (document.parent) {
    parts.push(dc('relation', `${context.publicUrl}/collections/${idOf(document.parent)}`))
  }
  if (document.group.identifier !== document.uri) {
    parts.push(dc('relation', `${context.publicUrl}${document.group.identifier}`))
  }
  for (const note of notesOf(document)) {
    if (note.type !== 'accessrestrict' && note.type !== 'userestrict') continue
    const text = note.subnotes.flatMap((subnote) => subnote.content ?? []).join(' ')
    parts.push(dc('rights', text))
  }
  return (
    `<oai_dc:dc xmlns:oai_dc="${OAI_DC.namespace}" xmlns:dc="http://purl.org/dc/elements/1.1/"` +
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
    ` xsi:schemaLocation="${OAI_DC.namespace} ${OAI_DC.schema}">${parts.join('')}</oai_dc:dc>`
  )
}

function linked(document: Collection | CatalogueObject): Reference[] {
  return [
    ...(document.people ?? []),
    ...(document.organizations ?? []),
    ...(document.families ?? []),
  ]
}

/** A collection's creators; an object's agents linked as creator. */
function creatorsOf(document: Collection | CatalogueObject): Reference[] {
  if (document.type === 'collection') return document.creators
  return linked(document).filter((name) => name.role === 'creator')
}

/** The agents a description is about. */
function subjectNames(document: Collection | CatalogueObject): Reference[] {
  return linked(document).filter((name) => name.role !== 'creator')
}
