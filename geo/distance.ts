/**
 * Distance between two places on the ground, in kilometres: an equirectangular approximation,
 * within a fraction of a percent of the great-circle distance at the tens of kilometres the
 * gazetteer compares places over (a town beside its city, two records of one place).
 */
export function kmBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dx = (a.lon - b.lon) * Math.cos((a.lat * Math.PI) / 180) * 111.32;
  const dy = (a.lat - b.lat) * 110.57;
  return Math.sqrt(dx * dx + dy * dy);
}
