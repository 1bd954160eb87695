import { html, type SafeHtml } from '../page.js';

/** One day of the chart: its UTC date and the credits used. */
export interface DayUsage {
  date: string;
  credits: number;
}

const W = 640;
const H = 220;
const PAD = { left: 48, right: 12, top: 28, bottom: 34 };

/** The days of the window ending `now`, oldest first, with zeros where nothing was used. */
export function windowDays(byDay: { date: string; amountMicro: number }[], now: number, days: number): DayUsage[] {
  const used = new Map(byDay.map((d) => [d.date, d.amountMicro / 1_000_000]));
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(now - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { date, credits: used.get(date) ?? 0 };
  });
}

const fmt = (n: number): string => (Math.round(n * 100) / 100).toString();

/**
 * Credit usage per day as an inline SVG bar chart (no script, no library: a handful of rects),
 * with a title, the y-axis top value, the first and last dates, and a <title> per bar.
 */
export function usageChart(days: DayUsage[]): SafeHtml {
  const max = Math.max(...days.map((d) => d.credits), 0);
  const top = max > 0 ? max : 1;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / days.length;
  const bars = days
    .filter((d) => d.credits > 0)
    .map((d) => {
      const i = days.indexOf(d);
      const h = Math.max(1, (d.credits / top) * plotH);
      const x = PAD.left + i * slot + slot * 0.15;
      const y = PAD.top + plotH - h;
      return html`<rect class="bar" x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${h.toFixed(1)}" fill="#2f6fde"><title>${d.date}: ${fmt(d.credits)} credits</title></rect>`;
    });
  const first = days[0]?.date ?? '';
  const last = days[days.length - 1]?.date ?? '';
  return html`<svg id="usage-chart" role="img" aria-labelledby="usage-chart-title" xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<title id="usage-chart-title">Credits used per day, ${first} to ${last}</title>
<rect x="0" y="0" width="${W}" height="${H}" fill="#ffffff"/>
<text x="${PAD.left}" y="16" font-size="12" fill="#1b1f24">Credits used per day (last ${days.length} days)</text>
<line x1="${PAD.left}" y1="${PAD.top + plotH}" x2="${W - PAD.right}" y2="${PAD.top + plotH}" stroke="#8a939c"/>
<line x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${PAD.top + plotH}" stroke="#8a939c"/>
<text x="${PAD.left - 6}" y="${PAD.top + 4}" font-size="11" text-anchor="end" fill="#5b6570">${fmt(top)}</text>
<text x="${PAD.left - 6}" y="${PAD.top + plotH}" font-size="11" text-anchor="end" fill="#5b6570">0</text>
<text x="${PAD.left}" y="${H - 10}" font-size="11" fill="#5b6570">${first}</text>
<text x="${W - PAD.right}" y="${H - 10}" font-size="11" text-anchor="end" fill="#5b6570">${last}</text>
${bars}
</svg>`;
}
