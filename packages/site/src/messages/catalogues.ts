/**
 * The site's words in each of its languages: English (`templates/messages.ts`, whose shape is
 * `Messages`) and one catalogue per other language in this folder, each typed `Messages`, so a
 * key missing or added in one is a type error.
 */
import type { Language } from '../locale/languages.js'
import { en, type Messages } from '../templates/messages.js'
import { de } from './de.js'
import { es } from './es.js'
import { fr } from './fr.js'
import { it } from './it.js'
import { nl } from './nl.js'

export const CATALOGUES: Readonly<Record<Language, Messages>> = { en, fr, de, es, nl, it }
