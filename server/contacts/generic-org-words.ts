/**
 * Words that say what kind of organisation a name is, not which one ("Brands", "Institute",
 * "Research Institutions"): a name of such words alone part-matches every firm ending in them
 * ("Yum! Brands", "Broad Institute"), so a reading that leaves only them is no employer's name
 * (docs/contacts.md, "Employers"). English descriptors common in firm names, not words of any
 * measured corpus.
 */
import { words } from './normalize.js';

const GENERIC = new Set([
  'agency',
  'analytics',
  'associates',
  'association',
  'bank',
  'brand',
  'brands',
  'capital',
  'center',
  'centre',
  'college',
  'communications',
  'consultants',
  'consulting',
  'council',
  'data',
  'design',
  'digital',
  'electronics',
  'energy',
  'engineering',
  'enterprise',
  'enterprises',
  'finance',
  'financial',
  'foods',
  'foundation',
  'global',
  'graphic',
  'graphics',
  'group',
  'health',
  'healthcare',
  'holdings',
  'hospital',
  'industries',
  'institute',
  'institutes',
  'institution',
  'institutions',
  'insurance',
  'international',
  'investments',
  'lab',
  'laboratories',
  'labs',
  'logistics',
  'management',
  'manufacturing',
  'marketing',
  'media',
  'motors',
  'network',
  'networks',
  'partners',
  'pharma',
  'pharmaceuticals',
  'products',
  'properties',
  'research',
  'resources',
  'retail',
  'school',
  'science',
  'sciences',
  'security',
  'service',
  'services',
  'society',
  'software',
  'solutions',
  'studio',
  'studios',
  'systems',
  'technologies',
  'technology',
  'trading',
  'university',
  'ventures',
]);

/** Words that join descriptors ("Institute of Research", "Research and Development"). */
const JOINING = new Set(['and', 'of', 'for', 'the', 'in']);

/** Whether a name is only descriptors ("Brands", "Research Institutions", "Institute of Research"): no name of one organisation. */
export function isGenericOrgName(name: string): boolean {
  const ws = words(name).filter((w) => !JOINING.has(w));
  return ws.length > 0 && ws.every((w) => GENERIC.has(w));
}
