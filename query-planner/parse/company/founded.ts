/**
 * Founding years in company queries. Year words mean what they say: "founded in 2019" is 2019,
 * "after 2011" 2012 on, "since 2011" / "founded from 2011" / "no earlier than 2011" 2011 on,
 * "before 1999" / "pre-1999" up to 1998, "by 1999" / "until 1999" / "in 1999 or earlier" up to
 * 1999, "2017 or 2018" / "between 2010 and 2015" / "2010-2015" the span, decades ("the 2010s",
 * "early 2000s") and centuries ("the 1800s"); events ("after COVID", "survived the 2008
 * crisis"); relative to the current year (`now`): "this decade", "in the last 5 years" (5
 * calendar years, this one included), ages ("less than 5 years old" = founded after now-5,
 * "at least 15 years old" = by now-15, "older than 15 years" / "more than 15 years old" = before
 * now-15). A year after "raised" / "acquired" is not a founding year.
 */
import type { NumberRange } from '../../advanced-filters.js';
import { claim, matchAt, type Token } from '../tokens.js';
import {
  ERA_WORDS,
  EVENT_NOUNS,
  existsSince,
  FOUNDING_VERBS,
  foundingVerbBefore,
  fundingBefore,
  HEADCOUNT_NOUNS,
  STYLE_AFTER,
  STYLE_BEFORE,
  SURVIVAL_VERBS,
  WINDOW,
  WINDOW_STOP,
} from './founded-context.js';
import { restated } from './founded-restated.js';
import {
  AGE_WORDS,
  applyLink,
  EVENTS,
  eventRange,
  LINK_PHRASES,
  LINKS,
  type Link,
  MILESTONE_AGE,
  readRelative,
  readYear,
  yearsCount,
} from './founded-years.js';
import { type Bound, boundBefore, type NumberMention, range, startsWith } from './number-words.js';
import type { Scopes } from './scopes.js';

/** A bound right after a founding year's, joined by "but", "and" or a comma, with its own link word. */
function secondBound(tokens: Token[], at: number): { range: NumberRange; from: number; end: number } | null {
  let k = at;
  if (tokens[k]?.text === ',') k++;
  if (!/^(but|and|yet)$/.test(tokens[k]?.norm ?? '')) return null;
  k++;
  let link: Link | undefined;
  const phrase = LINK_PHRASES.find(([seq]) => startsWith(tokens, k, seq));
  if (phrase) {
    link = phrase[1];
    k += phrase[0].length;
  } else {
    link = LINKS.get(tokens[k]?.norm ?? '');
    if (link) k++;
  }
  if (!link || link === 'in' || link === 'between') return null;
  const read = readYear(tokens, k, false);
  if (!read) return null;
  return { range: applyLink(link, read), from: at, end: read.end };
}

/** The founding years of a company query, relative ones read against the year `now` (see the file's header). */
export function scanFounded(tokens: Token[], scopes: Scopes, now: number): NumberMention[] {
  const out: NumberMention[] = [];
  const push = (written: NumberRange, from: number, to: number, claimFrom: number[]) => {
    const negated = scopes.negated.has(from);
    // "founded in the 2020s" in 2026: no company is founded in years to come, so a span that runs
    // past this year is open-ended, as "the 21st century" is.
    const range = written.min !== undefined && written.max !== undefined && written.max > now ? { min: written.min } : written;
    for (const k of claimFrom) claim(tokens, k, k + 1, 'years');
    claim(tokens, from, from + 1, 'years');
    out.push({ kind: 'founded', range, negated, from, to });
  };
  // 1. Cued: "founded in 2019", "started after 2018", "survived the 2008 crisis", "since 2015".
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim || t.kind !== 'word') continue;
    const survival = SURVIVAL_VERBS.has(t.norm);
    const since = t.norm === 'since';
    // "date from the interwar years", "dates back to 1890": dated is founded.
    const dates = /^(date|dates|dated)$/.test(t.norm) && /^(from|back|to)$/.test(tokens[i + 1]?.norm ?? '');
    // "newer than 2015", "younger than 2010", "older than 1990": a company compared with a year is dated by it.
    const compared = /^(newer|younger|older)$/.test(t.norm) && tokens[i + 1]?.norm === 'than' && readYear(tokens, i + 2, false) !== null;
    if (!FOUNDING_VERBS.has(t.norm) && t.norm !== 'opened' && t.norm !== 'set' && !survival && !since && !dates && !compared) continue;
    // "founding year", "whose founding falls in 2019": the noun with its year.
    if (t.norm === 'founding' && !/^(year|date|falls|fell|was|came|happened)$/.test(tokens[i + 1]?.norm ?? '')) continue;
    // "listed since 2020", "public since 2019": the listing's year, not the founding's.
    if (since && /^(listed|quoted|public|floated|ipo'd|ipoed|traded)$/.test(tokens[i - 1]?.norm ?? '')) continue;
    // "set up in 2019", "set up before the millennium": the phrase is the verb.
    const setUp = t.norm === 'set' && tokens[i + 1]?.norm === 'up';
    // "opened their doors in 2011", "opened its doors for business in 1998": founded then.
    // "opened after 2017", "opened in 2011": a venue's opening is its founding when a year follows the link.
    const openedLink =
      t.norm === 'opened' && /^(in|after|before|since|during)$/.test(tokens[i + 1]?.norm ?? '') && readYear(tokens, i + 2, false) !== null;
    if (t.norm === 'opened' && !openedLink && !(/^(their|its|the)$/.test(tokens[i + 1]?.norm ?? '') && tokens[i + 2]?.norm === 'doors'))
      continue;
    // "dating back to 1890", "dating from 1920"; not "dating apps founded in 2020".
    if (t.norm === 'dating' && !/^(back|from|to)$/.test(tokens[i + 1]?.norm ?? '')) continue;
    // "been around since 1921", "in business since the 1950s": the year it began, not any year after.
    // "…, since '92": "since" opening its clause, with no verb, dates the company like "in business
    // since" (the year it began); after a founding verb ("founded since 2018") it starts a span.
    const sinceAlone = since && (i === 0 || tokens[i - 1]?.kind === 'punct');
    let link: Link = compared
      ? t.norm === 'older'
        ? 'before'
        : 'after'
      : since && !existsSince(tokens, i) && !sinceAlone
        ? 'since'
        : 'in';
    // "opened their doors": the phrase is the verb.
    if (t.norm === 'set' && !setUp) continue;
    const used: number[] = t.norm === 'opened' && !openedLink ? [i + 1, i + 2] : setUp || compared || t.norm === 'founding' ? [i + 1] : [];
    let found: { range: NumberRange; start: number; end: number } | null = null;
    for (let j = i + 1 + used.length; j < tokens.length && j - i <= WINDOW; j++) {
      const u = tokens[j] as Token;
      // "est. 2015".
      if (u.kind === 'punct' && u.text === '.' && t.norm === 'est' && j === i + 1) continue;
      // "c. 2015", "ca. 1900", "approx. 1990": the abbreviation's full stop.
      if (u.kind === 'punct' && u.text === '.' && /^(c|ca|approx|abt)$/.test(tokens[j - 1]?.norm ?? '') && used.includes(j - 1)) continue;
      // "founded: 2019", "year founded - 1988", "founded year: 2010": a label's colon or dash.
      if (u.kind === 'punct' && (u.text === ':' || u.text === '-') && j === i + 1 + used.length) {
        used.push(j);
        continue;
      }
      if (u.kind === 'punct' && (u.stop || u.text === ',')) break;
      if (u.claim && u.claim !== 'ignored') break;
      if (j > i + 1 && WINDOW_STOP.test(u.norm)) break;
      // Another founding verb governs the year after it.
      if (FOUNDING_VERBS.has(u.norm) || SURVIVAL_VERBS.has(u.norm)) break;
      const rel = readRelative(tokens, j, now);
      if (rel) {
        found = { range: rel.range, start: j, end: rel.end };
        break;
      }
      const read = readYear(tokens, j, link === 'between');
      if (read) {
        // The comparison right before the year governs ("spun out of universities since 2018").
        const direct = j - 1 > i && !used.includes(j - 1) ? LINKS.get(tokens[j - 1]?.norm ?? '') : undefined;
        if (direct && direct !== 'in' && direct !== 'between' && tokens[j - 1]?.norm !== 'to') {
          link = direct;
          used.push(j - 1);
        }
        found = {
          range: survival ? { max: (read.range.min ?? (read.range.max as number)) - 1 } : applyLink(link, read),
          start: j,
          end: read.end,
        };
        break;
      }
      const phrase = j === i + 1 + used.length ? LINK_PHRASES.find(([seq]) => startsWith(tokens, j, seq)) : undefined;
      if (phrase && used.length < 3) {
        link = phrase[1];
        for (let q = 0; q < phrase[0].length; q++) used.push(j + q);
        j += phrase[0].length - 1;
        continue;
      }
      const l = LINKS.get(u.norm);
      if (l && used.length < 3 && j === i + 1 + used.length) {
        if (l !== 'in' || link === 'in') link = l;
        used.push(j);
      }
    }
    if (!found) {
      // An event: "during COVID", "after the financial crisis".
      for (let k = i + 1; k < Math.min(tokens.length, i + 1 + WINDOW); k++) {
        const u = tokens[k] as Token;
        if (u.kind === 'punct' && (u.stop || u.text === ',')) break;
        const ev = matchAt(tokens, k, EVENTS);
        // "the euro area", "the pandemic economy": the event's name as a modifier dates nothing.
        if (!ev || /^(zone|area|region|countries|markets?|economy)$/.test(tokens[ev.end]?.norm ?? '')) continue;
        found = { range: eventRange(ev.value, link, survival), start: k, end: ev.end };
        break;
      }
    }
    if (!found) continue;
    const claimIdx = [...used, ...range(found.start, found.end)];
    // "founded after Russia invaded Ukraine (2022+)": the year dates it, and the event named before
    // it is no place or sector.
    for (let k = i + 1; k < found.start; k++) {
      const ev = matchAt(tokens, k, EVENTS);
      if (!ev || ev.end > found.start) continue;
      claimIdx.push(...range(k, ev.end));
      k = ev.end - 1;
    }
    push(found.range, i, found.end, claimIdx);
    i = found.end - 1;
    // "after 1945 but before 1960", "since 2010 and no later than 2015": a second bound of the
    // same founding, the other side.
    const second = secondBound(tokens, found.end);
    if (second) {
      push(second.range, second.from, second.end, range(second.from, second.end));
      i = second.end - 1;
    }
  }
  // 2. Uncued forms: "from 2023", "2013-era", "class of 2014", "2024 AI company", "early 2000s company".
  const firstWord = tokens.findIndex((t) => t.kind !== 'punct');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim) continue;
    const prev = tokens[i - 1]?.kind === 'punct' ? '' : (tokens[i - 1]?.norm ?? '');
    if (t.norm === 'from' || (t.norm === 'of' && prev === 'class')) {
      // Not "raised from", "funding from".
      const read = fundingBefore(tokens, i) ? null : readYear(tokens, i + 1, true);
      if (read) {
        const from = t.norm === 'of' ? i - 1 : i;
        // "a startup from 2009", "class of 2014": that year. After a founding verb ("founded from
        // 2011") "from" starts a span instead: 2011 on (the cued reading above).
        push(read.range, from, read.end, range(from, read.end));
        i = read.end - 1;
      }
      continue;
    }
    // "post-2015", "pre-1900", "pre-euro": glued prefixes, before a year or an event.
    if (/^(pre|post)$/.test(t.norm) && tokens[i + 1]?.join === '-' && !fundingBefore(tokens, i)) {
      const ev = matchAt(tokens, i + 1, EVENTS);
      if (ev && !readYear(tokens, i + 1, false)) {
        push(eventRange(ev.value, t.norm === 'pre' ? 'before' : 'after', false), i, ev.end, range(i, ev.end));
        i = ev.end - 1;
        continue;
      }
      const read = readYear(tokens, i + 1, false);
      if (read) {
        push(applyLink(t.norm === 'pre' ? 'before' : 'after', read), i, read.end, range(i, read.end));
        i = read.end - 1;
        continue;
      }
    }
    // "Y2K remediation": the nickname dates a founding only after a link ("after Y2K", "post-Y2K").
    const read = t.norm === 'y2k' ? null : readYear(tokens, i, false);
    if (!read) continue;
    const nextTok = tokens[read.end];
    const next = nextTok?.norm ?? '';
    // "2000+ employees", "1500-2000 staff": a head count that looks like a year.
    if (HEADCOUNT_NOUNS.test(next)) {
      i = read.end - 1;
      continue;
    }
    if (ERA_WORDS.test(next) && !EVENT_NOUNS.test(tokens[read.end + 1]?.norm ?? '')) {
      push(read.range, i, read.end + 1, range(i, read.end + 1));
      i = read.end;
      continue;
    }
    // "1950s-style diners", "vintage 1990s streetwear": a period of style, not of founding.
    if (!read.single && (STYLE_BEFORE.test(prev) || STYLE_AFTER.test(next))) {
      i = read.end - 1;
      continue;
    }
    // A range, a decade or a "+" ("fintech 2015-2018", "AI startups 2020+") reads as founding years
    // unless a funding word comes first in the clause ("raised in 2021-2022").
    if (!read.single && !/^(in|during|by|until|through)$/.test(prev) && !EVENT_NOUNS.test(next) && !fundingBefore(tokens, i)) {
      push(read.range, i, read.end, range(i, read.end));
      i = read.end - 1;
      continue;
    }
    // In front of the company: at the start, or after an article.
    const leading = i === firstWord || /^(a|an|the)$/.test(prev);
    if (leading && nextTok && nextTok.kind === 'word' && !EVENT_NOUNS.test(next) && !/^(employees?|people|staff|and|or|to)$/.test(next)) {
      push(read.range, i, read.end, range(i, read.end));
      i = read.end - 1;
    }
  }
  // 3. Age, in whole years this year: "less than 10 years old" (founded after now-10), "at least
  // 20 years old" (by now-20), "more than 200 years old" / "older than 15 years" (before now-N),
  // "10+ years old" (by now-10), "5 years old" (now-5).
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim) continue;
    // "century-old", "a century old", "decades-old": an age in words, at least that old.
    const inWords = AGE_WORDS.get(t.norm);
    if (inWords !== undefined && tokens[i + 1]?.norm === 'old') {
      let from = /^(a|an|half)$/.test(tokens[i - 1]?.norm ?? '') ? i - 1 : i;
      const n = tokens[from]?.norm === 'half' ? inWords / 2 : inWords;
      if (tokens[from]?.norm === 'half' && /^(a|an)$/.test(tokens[from - 1]?.norm ?? '')) from--;
      const before = boundBefore(tokens, from);
      // "less than a century old" is younger; anything else ("over a century old", "century-old") is at least.
      const r: NumberRange = before.bound === 'max' ? { min: now - n + 1 } : { max: before.bound === 'min' ? now - n - 1 : now - n };
      push(r, before.from, i + 2, range(before.from, i + 2));
      i++;
      continue;
    }
    const n = yearsCount(t.norm.replace(/\+$/, ''));
    if (n === null) continue;
    let k = i + 1;
    if (tokens[k]?.norm === '+') k++;
    if (!/^years?$/.test(tokens[k]?.norm ?? '')) continue;
    // "founded more than 100 years ago", "started less than 5 years ago": an age, told by its founding verb.
    const ago = tokens[k + 1]?.norm === 'ago' && foundingVerbBefore(tokens, i);
    const old = tokens[k + 1]?.norm === 'old' || ago;
    // "older than 15 years", "younger than 5 years".
    const than = tokens[i - 1]?.norm === 'than' ? (tokens[i - 2]?.norm ?? '') : '';
    const comparative = /^(older|younger|newer)$/.test(than) ? than : '';
    if (!old && !comparative) continue;
    const end = old ? k + 2 : k + 1;
    // "5-10 years old", "between 5 and 10 years old", "2 to 4 years old": founded between the two ages.
    const lowAt = t.join === '-' ? i - 1 : /^(to|and)$/.test(tokens[i - 1]?.norm ?? '') ? i - 2 : -1;
    const low = lowAt >= 0 && !tokens[lowAt]?.claim ? yearsCount(tokens[lowAt]?.norm ?? '') : null;
    if (old && low !== null && low < n) {
      const from = tokens[lowAt - 1]?.norm === 'between' ? lowAt - 1 : lowAt;
      push({ min: now - n, max: now - low }, from, end, range(from, end));
      i = end - 1;
      continue;
    }
    const plus = t.norm.endsWith('+') || tokens[i + 1]?.norm === '+';
    const before = comparative ? { bound: (comparative === 'older' ? 'min' : 'max') as Bound, from: i - 2 } : boundBefore(tokens, i);
    // Inclusive comparisons ("at least", "at most", "or more"); the others are strict.
    const words = tokens.slice(before.from, i).map((x) => x.norm);
    const inclusive = plus || words.includes('least') || words.includes('most') || words.includes('up') || words.includes('no');
    // An age written as one adjective in front of the company ("a 100-year-old brewery") is a
    // milestone from twenty years on: the brewery founded 112 years ago is one too.
    const milestone = old && n >= MILESTONE_AGE && tokens[k]?.norm === 'year' && tokens[k]?.join === '-' && tokens[k + 1]?.join === '-';
    let r: NumberRange;
    if (before.bound === 'max') r = { min: inclusive ? now - n : now - n + 1 };
    else if (before.bound === 'min' || plus) r = { max: inclusive ? now - n : now - n - 1 };
    else if (milestone) r = { max: now - n };
    else r = { min: now - n, max: now - n };
    push(r, before.from, end, range(before.from, end));
    i = end - 1;
  }
  return restated(tokens, out);
}
