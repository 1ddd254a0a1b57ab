/**
 * Word lists for people, families and organisations: invented combinations of common names. A
 * few carry accents (García, Müller, Sánchez ...) so that accent folding can be tested.
 */
import { words } from './words.js'

export const SURNAMES = words(`
  Abbott | Alvarez | Anderson | Bailey | Baker | Barnes | Bell | Bennett | Brooks | Brown | Bryant
  Campbell | Carter | Castillo | Chen | Clark | Coleman | Collins | Cook | Cooper | Cruz | Davis
  Dawson | Delgado | Dixon | Dubois | Edwards | Ellis | Evans | Fischer | Fleming | Ford | Foster
  Fraser | García | Gibson | Gómez | Gordon | Graham | Grant | Gray | Green | Hale | Hall | Hamilton
  Harper | Harris | Hayes | Henderson | Hoffmann | Holt | Howard | Hughes | Hunt | Jensen | Johnson
  Jordan | Keller | Kelly | Kennedy | King | Knight | Kowalski | Lambert | Lane | Larsen | Lawrence
  Lefèvre | Lewis | Lindqvist | Lopes | Marsh | Martin | Mason | Matthews | Meyer | Miller
  Mitchell | Montgomery | Moreau | Morgan | Morris | Müller | Murphy | Nakamura | Nelson | Newton
  Núñez | Okafor | Olsen | Ortiz | Owens | Palmer | Parker | Pearson | Peña | Perkins | Peterson
  Porter | Powell | Price | Quinn | Ramírez | Reed | Reyes | Richards | Rivera | Roberts | Robinson
  Rossi | Russell | Sánchez | Schmidt | Scott | Shaw | Simmons | Singh | Spencer | Stevens
  Stewart | Sullivan | Tanaka | Taylor | Thompson | Torres | Tucker | Turner | Vargas | Wagner
  Walker | Wallace | Ward | Warren | Watson | Webb | Wells | West | Wheeler | White | Williams
  Wilson | Wong | Wright | Young | Zhang | Ziegler
`)

export const FEMALE_FORENAMES = words(`
  Ada | Agnes | Alice | Ana | Anne | Beatrice | Carmen | Catherine | Clara | Dorothy | Edith
  Eleanor | Elena | Elizabeth | Emily | Esther | Florence | Frances | Grace | Hannah | Helen | Inés
  Irene | Jane | Josephine | Julia | Laura | Lucía | Margaret | Marie | Martha | Mary | Nora | Olga
  Patricia | Rose | Ruth | Sarah | Sofia | Susan
`)

export const MALE_FORENAMES = words(`
  Albert | Alan | Arthur | Benjamin | Carl | Charles | Daniel | David | Edgar | Edward | Ernest
  Francis | Frederick | George | Harold | Henry | Herbert | Hugh | James | John | Joseph | José
  Karl | Lawrence | Louis | Martin | Nelson | Oscar | Paul | Peter | Philip | Raymond | Richard
  Robert | Samuel | Thomas | Walter | Warren | William | Zoltán
`)

export const INITIALS = words(
  'A | B | C | D | E | F | G | H | J | K | L | M | N | P | R | S | T | W',
)

/** Fields of work, for the names of foundations, boards, councils and institutes. */
export const FIELDS = words(`
  Agricultural Research | Child Health | Economic Development | Higher Education
  International Affairs | Medical Education | Medical Research | Mental Hygiene | Nursing
  Nutrition | Population Studies | Public Health | Rural Reconstruction | Social Science
  the Arts | the Humanities | Tropical Medicine | Natural Sciences | Plant Genetics
  Educational Exchange
`)

/** Subdivisions of a large organisation, as in `Example Foundation. Division of ...`. */
export const DIVISIONS = words(`
  Division of Medical Education | Division of Natural Sciences | Division of Social Sciences
  Division of the Humanities | International Health Board | International Health Division
  Division of Medicine and Public Health | Agricultural Sciences Program | Arts Program
  Population Program | Equal Opportunity Program | Office of the President | Board of Trustees
  Office of the Secretary | Comptroller
`)

export const AGENCIES = words(`
  Dept. of State | Public Health Service | Dept. of Agriculture | Office of Education
  Agency for International Development | Office of Inter-American Affairs
  National Institutes of Health | Children's Bureau | Dept. of Health and Human Services
  Office of the Vice President | Bureau of the Census | International Development Advisory Board
`)

/** Spanish and Portuguese ministries, for agencies of Latin American governments. */
export const MINISTRIES = words(`
  Secretaría de Salubridad y Asistencia | Ministerio de Agricultura | Ministério da Saúde
  Ministerio de Educación Pública | Departamento Nacional de Saúde | Secretaría de Agricultura
`)

export const INSTITUTION_KINDS = words(`
  Foundation | Fund | Institute | Trust | Board | Council | Commission | Society | Association
  Corporation | Center
`)
