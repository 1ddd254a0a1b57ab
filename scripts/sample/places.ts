/**
 * Places as catalogue headings (`City (Country)`). Some are accented (México, Bogotá,
 * São Paulo, Zürich ...) so that accent folding can be tested.
 */
import { words } from './words.js'

export const COUNTRIES = words(`
  Argentina | Brazil | Canada | Chile | China | Colombia | Costa Rica | Cuba | Ecuador | Egypt
  France | Germany | Ghana | Greece | Guatemala | India | Indonesia | Italy | Jamaica | Japan
  Kenya | Lebanon | Mexico | Nigeria | Peru | Philippines | Spain | Sri Lanka | Switzerland
  Tanzania | Thailand | Turkey | Uganda | United States | Venezuela | England | Latin America
  Africa | Asia | Europe
`)

export const CITIES = words(`
  Accra (Ghana) | Ankara (Turkey) | Atlanta (Ga.) | Bangkok (Thailand) | Belém (Brazil)
  Beirut (Lebanon) | Bogotá (Colombia) | Boston (Mass.) | Buenos Aires (Argentina)
  Cairo (Egypt) | Cali (Colombia) | Chicago (Ill.) | Córdoba (Argentina) | Genève (Switzerland)
  Guadalajara (Mexico) | Havana (Cuba) | Ibadan (Nigeria) | Kampala (Uganda) | Kingston (Jamaica)
  Lima (Peru) | London (England) | Manila (Philippines) | Medellín (Colombia) | Mérida (Mexico)
  México (Mexico) | Montréal (Québec) | Nairobi (Kenya) | New Delhi (India) | New Orleans (La.)
  New York (N.Y.) | Paris (France) | Peking (China) | Quito (Ecuador) | Rome (Italy)
  Salvador (Brazil) | San José (Costa Rica) | Santiago (Chile) | São Paulo (Brazil)
  Tokyo (Japan) | Zürich (Switzerland)
`)

/** The bare name of a place heading, for prose: `São Paulo (Brazil)` -> `São Paulo`. */
export function placeName(heading: string): string {
  const paren = heading.indexOf(' (')
  return paren === -1 ? heading : heading.slice(0, paren)
}
