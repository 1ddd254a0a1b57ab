/**
 * Saving a catalogue to a snapshot file and starting from one: the catalogue's stored parts and
 * options, written and read back by `catalogue-data/snapshot-file.ts`.
 */
import { Catalogue, type CatalogueOptions } from './catalogue.js'
import { deriveCatalogue } from './catalogue-data/catalogue-data.js'
import { readSnapshot, writeSnapshot } from './catalogue-data/snapshot-file.js'
import { CatalogueError } from './util/catalogue-errors.js'

/**
 * Writes a built catalogue to a snapshot file, atomically (a temporary file renamed into place).
 * @example await saveSnapshot(catalogue, 'catalogue.snapshot')
 */
export async function saveSnapshot(catalogue: Catalogue, path: string): Promise<void> {
  await writeSnapshot(catalogue.data.stored, catalogue.options, path)
}

/** Options of {@link loadSnapshot}: the catalogue's, and where its arrays are kept. */
export interface SnapshotLoadOptions extends CatalogueOptions {
  /**
   * Read the arrays into `SharedArrayBuffer`s and derive the others there, for worker threads to
   * share without a copy (`shareCatalogue`). A build (`loadCatalogue` of documents) derives its
   * arrays there too, but grows the others in its own memory: sharing copies those.
   * @default false
   */
  sharedMemory?: boolean
}

/** Restores a catalogue written by {@link saveSnapshot}. */
export async function loadSnapshot(
  path: string,
  options: SnapshotLoadOptions = {},
): Promise<Catalogue> {
  const sharedMemory = options.sharedMemory ?? false
  const restored = await readSnapshot(path, { sharedMemory })
  const { stored } = restored
  const saved = restored.options as CatalogueOptions
  if (options.language !== undefined && options.language !== stored.language) {
    throw new CatalogueError(
      'E_BAD_SNAPSHOT',
      `${path} was indexed in ${stored.language}; index the catalogue again for ${options.language}`,
    )
  }
  // The options saved with the catalogue, each overridden by the one given to this load (the
  // citation's field by field, as `Catalogue.citation` merges a call's own).
  const data = deriveCatalogue(stored, undefined, sharedMemory ? 'shared' : 'own')
  return new Catalogue(data, {
    baseUrl: options.baseUrl ?? saved.baseUrl,
    maxLimit: options.maxLimit ?? saved.maxLimit,
    citation: { ...saved.citation, ...options.citation },
  })
}
