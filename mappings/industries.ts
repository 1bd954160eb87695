/**
 * The industries of the company corpus and the category tags its companies carry: what the
 * `industry` and `categories` fields of the COMPANIES index (indices.ts) hold. The first tag of
 * an industry is its defining tag (every company of the industry carries it).
 *
 * The fixture generator draws companies from this list (fixtures/generator/taxonomy/
 * industries.ts adds weights, departments and words per industry); the company query parser
 * (query-planner/parse/company/sectors.ts) maps sector words onto it. Only the expansion of a
 * query depends on it: open-vocabulary sectors are matched as text (docs/company-search.md).
 */

export interface IndustryTags {
  /** The industry as stored in `industry` (matched lowercase). */
  name: string;
  /** Lowercase category tags; the first is the defining tag. */
  categories: readonly string[];
}

export const INDUSTRY_TAXONOMY: readonly IndustryTags[] = [
  {
    name: 'Software',
    categories: [
      'software',
      'saas',
      'enterprise software',
      'developer tools',
      'cloud',
      'api',
      'infrastructure',
      'database',
      'automation',
      'product-led growth',
      'devops',
      'feature management',
    ],
  },
  {
    name: 'Artificial Intelligence',
    categories: [
      'ai',
      'machine learning',
      'generative ai',
      'ai copilot',
      'coding assistant',
      'computer vision',
      'nlp',
      'ai safety',
      'mlops',
    ],
  },
  {
    name: 'Financial Services',
    categories: ['fintech', 'payments', 'embedded finance', 'expense management', 'lending', 'banking', 'wealth management', 'crypto'],
  },
  {
    name: 'Computer & Network Security',
    categories: ['cybersecurity', 'security', 'identity', 'compliance', 'security orchestration', 'cloud security', 'threat intelligence'],
  },
  {
    name: 'Hospital & Health Care',
    categories: ['healthcare', 'health', 'telemedicine', 'digital health', 'medical devices', 'clinical care'],
  },
  { name: 'Biotechnology', categories: ['biotech', 'therapeutics', 'diagnostics', 'life sciences', 'drug discovery', 'genomics'] },
  { name: 'E-commerce', categories: ['e-commerce', 'commerce', 'marketplace', 'subscription', 'direct-to-consumer', 'retail tech'] },
  { name: 'Computer Games', categories: ['gaming', 'games', 'esports', 'ar/vr', 'entertainment'] },
  { name: 'Media & Entertainment', categories: ['media', 'publishing', 'streaming', 'advertising', 'creator economy', 'marketing'] },
  { name: 'Logistics & Supply Chain', categories: ['logistics', 'supply chain', 'freight', 'procurement', 'maritime', 'fleet management'] },
  { name: 'Manufacturing', categories: ['manufacturing', 'industrial', 'robotics', 'automation', 'hardware', 'semiconductors', 'drone'] },
  {
    name: 'Renewables & Environment',
    categories: ['climate', 'clean energy', 'cleantech', 'renewable', 'energy storage', 'carbon removal', 'energy'],
  },
  { name: 'Education', categories: ['education', 'edtech', 'higher education', 'k-12', 'online learning'] },
  { name: 'Real Estate', categories: ['real estate', 'proptech', 'construction', 'property management'] },
  { name: 'Management Consulting', categories: ['consulting', 'professional services', 'strategy', 'advisory'] },
  { name: 'Government Administration', categories: ['government', 'public sector', 'defense', 'civic tech'] },
  { name: 'Non-profit Organization Management', categories: ['nonprofit', 'social impact', 'philanthropy', 'advocacy'] },
  { name: 'Automotive', categories: ['automotive', 'mobility', 'electric vehicles', 'autonomous driving'] },
  { name: 'Telecommunications', categories: ['telecom', 'connectivity', '5g', 'networking', 'space'] },
  { name: 'Retail', categories: ['retail', 'consumer goods', 'grocery', 'fashion'] },
  { name: 'Insurance', categories: ['insurance', 'insurtech', 'risk', 'fintech'] },
  { name: 'Human Resources', categories: ['hr tech', 'human resources', 'recruiting', 'payroll', 'saas'] },
  { name: 'Legal Services', categories: ['legal', 'legal ai', 'contract management', 'law firm'] },
  { name: 'Aerospace & Defense', categories: ['aerospace', 'defense', 'space', 'drone', 'satellites'] },
  { name: 'Blockchain & Web3', categories: ['web3', 'blockchain', 'crypto', 'defi'] },
  { name: 'Marketing & Advertising', categories: ['marketing', 'advertising', 'adtech', 'sales', 'conversation intelligence'] },
  { name: 'Travel & Hospitality', categories: ['travel', 'hospitality', 'marketplace', 'food & beverage'] },
  { name: 'Farming & Agriculture', categories: ['agriculture', 'agtech', 'food', 'supply chain'] },
];

/** The category tags of an industry of the taxonomy (a copy; empty for an unknown name). */
export function categoriesOf(name: string): string[] {
  return [...(INDUSTRY_TAXONOMY.find((i) => i.name === name)?.categories ?? [])];
}
