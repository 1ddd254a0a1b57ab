/**
 * `serve`'s OAI-PMH options: how `/oai` names the repository to harvesters. Its identifier is a
 * domain of the archive's (records are `oai:<it>:collections/<id>`), by default the host of
 * `--base-url` when there is one; its administrators' addresses go in `Identify`.
 */
import type { OaiSettings } from '@archive-catalogue/http'
import { UsageError } from './usage-errors.js'

/** `repositoryIdentifierType` of the OAI identifier schema (oai-identifier.xsd). */
const DOMAIN = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/
/** An address as Identify's `adminEmail` takes one: something@a.domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const OAI_OPTIONS = {
  'oai-identifier': {
    type: 'string',
    value: 'domain',
    description:
      "the repository's identifier for harvesters, a domain of yours (default: --base-url's host, else archive-catalogue.local)",
  },
  'oai-admin-email': {
    type: 'string',
    value: 'address',
    multiple: true,
    description:
      "an address of the repository's administrator for harvesters (repeat or comma-separate)",
  },
} as const

/** The settings of `/oai` from the options; a bad value is a usage error naming the option. */
export function oaiSettings(
  values: { 'oai-identifier'?: string; 'oai-admin-email'?: string[] },
  baseUrl: string | undefined,
): OaiSettings {
  const given = values['oai-identifier']
  if (given !== undefined && !DOMAIN.test(given)) {
    throw new UsageError(
      `--oai-identifier expects a domain name such as archive.example.org, got '${given}'`,
      'serve',
    )
  }
  const host = baseUrl === undefined ? undefined : new URL(baseUrl).hostname
  const identifier = given ?? (host !== undefined && DOMAIN.test(host) ? host : undefined)
  const emails = (values['oai-admin-email'] ?? []).flatMap((value) =>
    value.split(',').map((email) => email.trim()),
  )
  const bad = emails.find((email) => !EMAIL.test(email))
  if (bad !== undefined) {
    throw new UsageError(`--oai-admin-email expects an email address, got '${bad}'`, 'serve')
  }
  return {
    ...(identifier !== undefined ? { repositoryIdentifier: identifier } : {}),
    ...(emails.length > 0 ? { adminEmails: emails } : {}),
  }
}
