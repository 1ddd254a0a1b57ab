import { describeClientError, isUnreachable } from '../cluster/client-errors.js'
import { OpenSearchError } from '../cluster/opensearch-error.js'

/** A call to the cluster, its failures as {@link OpenSearchError}s naming the URL. */
export async function call<T>(url: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    if (isUnreachable(error)) {
      throw new OpenSearchError(
        'E_UNREACHABLE',
        `Cannot reach OpenSearch at ${url}: ${describeClientError(error)}`,
        { cause: error },
      )
    }
    throw new OpenSearchError('E_CLUSTER', `OpenSearch at ${url}: ${describeClientError(error)}`, {
      cause: error,
    })
  }
}
