/** The site's words in French (the shape and the English are in `templates/messages.ts`). */
import type { Messages } from '../templates/messages.js'

/** `de` before a title, `d’` before a vowel: « Contenu d’Archives Rockefeller ». */
const of = (title: string) =>
  /^[aeiouyàâäéèêëîïôöùûü]/i.test(title) ? `d’${title}` : `de ${title}`

/** French puts a no-break space inside its quotation marks. */
const quoted = (text: string) => `«\u00a0${text}\u00a0»`

/** Singular for 0 and 1, as French counts: « 0 résultat », « 1 résultat », « 2 résultats ». */
const plural = (count: number, one: string, other: string) => (count < 2 ? one : other)

export const fr: Messages = {
  skip: 'Aller au contenu',
  search: 'Rechercher',
  searchLabel: 'Rechercher dans le catalogue',
  searchPlaceholder: 'Mots, "une expression", nom*',
  home: 'Accueil',
  api: 'API',
  apiLink: 'Cette page sous forme de données (JSON)',
  holds: 'Ce que conservent les archives',
  collections: 'Fonds et collections',
  objects: 'Dossiers et pièces',
  agents: 'Personnes et organisations',
  terms: 'Sujets',
  spans: (from, to) => `Les documents vont de ${from} à ${to}.`,
  online: (count) => `${count} en ligne`,
  waysIn: 'Points d’entrée',
  allCollections: 'Tous les fonds, de A à Z',
  topCreators: 'Producteurs',
  topSubjects: 'Sujets',
  topFormats: 'Types de documents',
  onlineNow: 'Documents en ligne',
  results: (count, text, query) => {
    const results = `${text} ${plural(count, 'résultat', 'résultats')}`
    return query === '' ? results : `${results} pour ${quoted(query)}`
  },
  noResults: 'Aucun résultat.',
  queryHelp:
    'Tous les mots doivent correspondre. Mettez une expression "entre guillemets", | entre deux mots pour l’un ou l’autre, -mot pour exclure un mot, et mot* pour les mots qui commencent ainsi.',
  didYouMean: 'Vouliez-vous dire',
  matches: (count, text) => `${text} ${plural(count, 'correspondance', 'correspondances')}`,
  searchWithin: 'rechercher à l’intérieur',
  filters: 'Affiner les résultats',
  activeFilters: 'Filtres appliqués',
  removeFilter: (label) => `Retirer le filtre ${label}`,
  facet: {
    creator: 'Producteur',
    subject: 'Sujet',
    format: 'Type de document',
    online: 'En ligne',
    type: 'Type',
    level: 'Niveau de description',
  },
  level: {
    collection: 'Collection',
    fonds: 'Fonds',
    class: 'Classe',
    recordgrp: 'Groupe de documents',
    subgrp: 'Sous-groupe',
    subfonds: 'Sous-fonds',
    series: 'Série',
    subseries: 'Sous-série',
    file: 'Dossier',
    item: 'Pièce',
    otherlevel: 'Autre niveau',
  },
  snippet: {
    title: 'Titre',
    description: 'Description',
    note: 'Note',
    subject: 'Sujet',
    component: 'Dans',
  },
  minimap: {
    label: (count, text, total) =>
      `Où se trouvent ${count < 2 ? 'la' : 'les'} ${text} ${count < 2 ? 'correspondance' : 'correspondances'} parmi les ${total} notices du fonds, de la première à la dernière`,
    part: (from, to, count, text) =>
      `Notices ${from} à ${to} : ${text} ${count < 2 ? 'correspondance' : 'correspondances'}, aller à la première`,
  },
  onlineOnly: 'En ligne uniquement',
  dates: 'Dates',
  histogram: {
    year: 'Documents par année',
    decade: 'Documents par décennie',
    century: 'Documents par siècle',
  },
  decade: (year) => `années ${year}`,
  fromYear: 'Depuis l’année',
  toYear: 'Jusqu’à l’année',
  apply: 'Appliquer',
  sort: 'Trier par',
  sortBy: {
    relevance: 'Pertinence',
    title: 'Titre, de A à Z',
    '-title': 'Titre, de Z à A',
    start_date: 'Les plus anciens d’abord',
    '-end_date': 'Les plus récents d’abord',
  },
  pages: 'Pages',
  previous: 'Précédent',
  next: 'Suivant',
  pageOf: (page, pages) => `Page ${page} sur ${pages}`,
  type: {
    collection: 'Collection',
    object: 'Pièce',
    agent: 'Personne ou organisation',
    term: 'Sujet',
  },
  contents: 'Contenu',
  showContents: 'Afficher son contenu',
  hideContents: 'Masquer son contenu',
  seeContents: 'Voir son contenu',
  contentsOf: (title) => `Contenu ${of(title)}`,
  branchPages: (title) => `Pages du contenu ${of(title)}`,
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  range: (from, to, total) => `${from}–${to} sur ${total}`,
  neighbours: 'Précédent et suivant',
  whereItSits: 'Place dans le fonds',
  placeIn: (position, total) => `N°\u00a0${position} sur ${total} dans`,
  inParent: (title) => `Dans ${title}`,
  siblingPages: 'Pages des éléments voisins',
  backToIt: 'Revenir à sa place',
  partOf: 'Fait partie de',
  description: 'Description',
  creators: 'Producteurs',
  people: 'Personnes et organisations',
  subjects: 'Sujets',
  extents: 'Importance matérielle',
  languages: 'Langues',
  formats: 'Types de documents',
  files: 'Fichiers numériques',
  manifest: 'Manifeste IIIF',
  notes: 'Notes',
  rights: 'Droits',
  citation: 'Citer ce document',
  copy: 'Copier la référence',
  copied: 'Copiée',
  collectionsOf: 'Fonds et collections',
  objectsOf: 'Pièces',
  related: {
    collectionsByCreator: 'Fonds et collections de ce producteur',
    collectionsOnSubject: 'Fonds et collections sur ce sujet',
    objectsOnSubject: 'Pièces sur ce sujet',
    seeAll: {
      collections: (_count, text) => `Voir les ${text} fonds et collections`,
      objects: (_count, text) => `Voir les ${text} pièces`,
    },
  },
  undated: 'sans date',
  notFound: 'Page introuvable',
  notFoundText: 'Cette page n’existe pas dans ce catalogue.',
  badRequest: 'Impossible de répondre à cette demande',
  badValue: (parameter, value) =>
    `${quoted(value)} n’est pas une valeur possible pour ${quoted(parameter)}.`,
  readOnly: (method) =>
    `Les pages de ce site se consultent seulement\u00a0: une requête ${method} reste sans réponse.`,
  unavailable: 'Le catalogue ne peut pas répondre pour le moment',
  unavailableText: 'Veuillez réessayer dans un instant.',
  myList: {
    title: 'Ma liste',
    toggle: 'Dans ma liste',
    remove: (title) => `Retirer ${title} de ma liste`,
    removeShort: 'Retirer',
    removed: (title) => `${title} a été retiré de ma liste.`,
    records: (count, text) => `${text} ${plural(count, 'notice', 'notices')}`,
    intro:
      'Les notices que vous gardez en naviguant\u00a0: elles restent dans ce navigateur, sur cet appareil, jusqu’à ce que vous les retiriez. L’adresse de cette page est un lien vers la liste, à partager ou à conserver.',
    needsScript:
      'Votre liste est conservée dans ce navigateur par un script\u00a0: sans JavaScript, rien ne peut y être ajouté. Un lien vers une liste (/mylist?uri=…) affiche toujours cette liste.',
    empty: `Votre liste est vide. Ajoutez-y des notices avec le bouton ${quoted('Dans ma liste')} de chaque résultat ou notice.`,
    capped: (kept, total) =>
      `Cette liste contient ${total} notices\u00a0; cette page montre les ${kept} premières. Retirez-en pour voir les autres.`,
    gone: 'Ne figure plus dans le catalogue',
    goneText: 'Ces notices figuraient dans la liste mais ne sont plus dans le catalogue.',
    download: 'Télécharger en CSV',
    print: 'Imprimer',
    columns: [
      'Titre',
      'Type',
      'Dates',
      'Fonds',
      'Fait partie de',
      'Importance matérielle',
      'Identifiant',
      'URL',
    ],
  },
  findingAid: {
    title: 'Instrument de recherche',
    link: 'L’instrument de recherche complet, à imprimer',
  },
  config: {
    about: 'À propos',
    aboutTitle: (name) => `À propos ${of(name)}`,
  },
}
