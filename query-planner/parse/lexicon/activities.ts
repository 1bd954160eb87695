/**
 * Agent nouns of trades and the activity each names ("grain traders" → grain trading, "coal
 * miners" → coal mining, "glassmakers" → glassmaking): a sector is filed under its activity, so a
 * query that names the companies by what they are is read as what they do. English word
 * formation, matched on the end of a word ("meatpackers", "shipbuilders"); product nouns that end
 * alike ("speakers", "printers", "containers") are not in the list.
 */
const ACTIVITIES: [suffix: string, activity: string][] = [
  ['makers', 'making'],
  ['maker', 'making'],
  ['packers', 'packing'],
  ['packer', 'packing'],
  ['builders', 'building'],
  ['builder', 'building'],
  ['miners', 'mining'],
  ['miner', 'mining'],
  ['traders', 'trading'],
  ['trader', 'trading'],
  ['brokers', 'brokerage'],
  ['broker', 'brokerage'],
  ['forwarders', 'forwarding'],
  ['forwarder', 'forwarding'],
  ['installers', 'installation'],
  ['installer', 'installation'],
  ['fabricators', 'fabrication'],
  ['fabricator', 'fabrication'],
  ['growers', 'growing'],
  ['farmers', 'farming'],
  ['brewers', 'brewing'],
  ['distillers', 'distilling'],
  ['roasters', 'roasting'],
  ['publishers', 'publishing'],
  ['retailers', 'retail'],
  ['wholesalers', 'wholesale'],
  ['consultancies', 'consulting'],
  ['consultancy', 'consulting'],
  ['consultants', 'consulting'],
  ['factories', 'manufacturing'],
  ['manufacturers', 'manufacturing'],
  ['producers', 'production'],
  ['reinsurers', 'reinsurance'],
  ['insurers', 'insurance'],
  ['lenders', 'lending'],
  ['recyclers', 'recycling'],
  ['processors', 'processing'],
  ['distributors', 'distribution'],
  ['refiners', 'refining'],
  ['smelters', 'smelting'],
  ['shippers', 'shipping'],
  ['caterers', 'catering'],
  ['breeders', 'breeding'],
  ['confectioners', 'confectionery'],
  ['bakers', 'baking'],
  ['exporters', 'export'],
  ['importers', 'import'],
  ['developers', 'development'],
  ['managers', 'management'],
  ['manager', 'management'],
  ['lessors', 'leasing'],
  ['auditors', 'auditing'],
  ['pollsters', 'polling'],
  ['shipowners', 'shipping'],
  ['investigators', 'investigation'],
  ['ginners', 'ginning'],
];

/** The activity a word names when it is an agent noun of a trade ("traders" → "trading"), else null. */
export function activityOf(word: string): string | null {
  for (const [suffix, activity] of ACTIVITIES) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    // "glassmakers" → "glassmaking"; a stem of one or two letters is no compound ("ok-makers").
    if (stem.length === 0 || (stem.length >= 3 && /^\p{L}+$/u.test(stem))) return stem + activity;
  }
  return null;
}

/** The agent nouns an activity word stands for ("trading" → traders, trader), for search forms. */
export function agentsOf(word: string): string[] {
  const out: string[] = [];
  for (const [suffix, activity] of ACTIVITIES) {
    if (!word.endsWith(activity)) continue;
    const stem = word.slice(0, word.length - activity.length);
    if (stem.length === 0 || (stem.length >= 3 && /^\p{L}+$/u.test(stem))) out.push(stem + suffix);
  }
  return out;
}
