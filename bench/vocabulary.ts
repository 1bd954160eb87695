import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';

/** Query vocabulary from the first profiles of a corpus: mid-frequency skills, top countries and roles. */
export async function sampleVocabulary(profilesFile: string, sample = 3000) {
  const skills = new Map<string, number>();
  const countries = new Map<string, number>();
  const roles = new Map<string, number>();
  const rl = readline.createInterface({
    input: fs.createReadStream(profilesFile).pipe(zlib.createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let n = 0;
  for await (const line of rl) {
    if (++n > sample) break;
    const p = JSON.parse(line) as { skills?: string[]; location?: { country?: string } | null; function?: string; seniority?: string };
    for (const s of p.skills ?? []) if (/^[A-Za-z]+$/.test(s)) skills.set(s, (skills.get(s) ?? 0) + 1);
    if (p.location?.country) countries.set(p.location.country.toLowerCase(), (countries.get(p.location.country.toLowerCase()) ?? 0) + 1);
    if (p.function && p.seniority) roles.set(`${p.function}|${p.seniority}`, (roles.get(`${p.function}|${p.seniority}`) ?? 0) + 1);
  }
  rl.close();
  const top = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
  const rankedSkills = top(skills);
  return {
    // Skills ranked 10th-19th: selective but not rare.
    skills: rankedSkills.slice(10, 20),
    countries: top(countries).slice(0, 5),
    functions: top(roles)
      .slice(0, 5)
      .map((r) => r.split('|') as [string, string]),
    broad: ['engineer', 'manager', 'sales', 'director', 'designer'],
  };
}
