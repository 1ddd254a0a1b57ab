/** Subject headings and archival vocabulary for terms, titles and notes. */
import { words } from './words.js'

/** Topical headings; the first ones are the broad subjects an archive of philanthropy is about. */
export const TOPICS = words(`
  Public health | Philanthropy | Medical education | Agriculture | Education | Social sciences
  Nursing | Nutrition | Population | Economic development | International relations | Malaria
  Yellow fever | Hookworm disease | Tuberculosis | Family planning | Rural development
  Humanities | Arts | Music | Theater | Dance | Education, Higher | Universities and colleges
  Scholarships | Fellowships | Peace | Civil rights | African Americans -- Education
  Race relations | Women | Labor | Industrial relations | Housing | City planning
  Environmental policy | Conservation of natural resources | Water resources development
  Forestry | Plant breeding | Wheat | Rice | Corn | Genetics | Biochemistry | Physics
  Mathematics | Psychiatry | Mental health | Neurology | Virology | Vaccines | Epidemiology
  Sanitation | Hospitals | Tropical medicine | Libraries | Museums | Radio broadcasting
  Television | Motion pictures | Journalism | Political campaigns | Governors | Elections
  Foreign relations | Technical assistance | Developing countries | Refugees | Immigrants
  Child welfare | Social work | Aging | Fisheries | Livestock | Veterinary medicine | Dentistry
  Pharmacology | Demography | Economics | Statistics | Law | Religion | Missions | Biology
  Ecology | Oceanography | Climatic changes | Energy policy | Biotechnology | Computers
  Architecture | Art, Modern | Art, Primitive | Photography | Literature | Educational exchanges
  International cooperation | Nonprofit organizations | Endowments | Investments
  Business enterprises, Foreign | Banks and banking | Public administration | State governments
  Poverty | Hunger | Food supply | Soil conservation | Irrigation | Insect control
  Mosquitoes -- Control | Typhus fever | Influenza | Poliomyelitis | Cancer | Schistosomiasis
  Social problems | Government agencies | Political science | Medical care | Midwives
`)

/** Subdivisions after a topic, as in `Public health -- Research`. */
export const SUBDIVISIONS = words(`
  Research | Study and teaching | Finance | Law and legislation | Societies, etc. | History
  History -- 20th century | History -- 19th century | Statistics | International cooperation
`)

/** Genre and form headings. */
export const GENRES = words(`
  Photographs | Speeches, addresses, etc. | Oral histories | Annual reports | Correspondence
  Minutes (Records) | Diaries | Motion pictures | Sound recordings | Maps | Posters | Scrapbooks
  Clippings (Books, newspapers, etc.) | Interviews | Reports | Questionnaires
`)

/** Kinds of records, for notes (`contains correspondence, reports, and minutes`). */
export const RECORD_KINDS = words(`
  correspondence | reports | memoranda | minutes | grant files | diaries | photographs
  financial records | printed material | news clippings | speeches | project files
  fellowship files | interview transcripts | audio recordings | films | maps | drawings
  questionnaires | field notes | budgets | press releases | agendas | legal documents
`)

/** What series are about (their functions), for series titles. */
export const FUNCTIONS = words(`
  Administration | Correspondence | Projects | Fellowships | Grants | Board minutes
  Officers' diaries | Subject files | Financial records | Publications | Speeches and writings
  Press releases | Field offices | Program and policy | Personal | Printed materials
  Legal files | Reports | Conferences | Committees | Research files | General correspondence
`)

/** Names of publications, set in italics in some notes. */
export const PUBLICATIONS = words(`
  Annual Report | Quarterly Bulletin | Review of the Year | Newsletter | Program Notes
  Journal of Rural Health | Field Staff Reports | Science and Society | Proceedings
`)

/** Verbs and objects for sentences about programs. */
export const ACTIVITIES = words(`
  campaigns against hookworm disease | the training of nurses | the reform of medical schools
  field trials of new crop varieties | surveys of rural schools | the building of laboratories
  the exchange of scholars | studies of population growth | the control of malaria
  conferences on international affairs | the support of regional theater | fellowship programs
  the improvement of sanitation | research in genetics | the founding of schools of public health
  programs in agricultural economics | the collection of vital statistics | oral history interviews
`)
