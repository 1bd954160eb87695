/**
 * Events and periods people date companies by ("after COVID", "during the cold war", "between
 * the wars"), each with its first and last year, for founded-years.ts / founded.ts. A period
 * takes its usual dates, both ends included (the interwar years are 1918-1939, the cold war
 * 1947-1991); the link before it ("before", "after", "during") makes the founding range.
 */
import { phraseTable } from '../tokens.js';

/** Each name of a period with its years. */
function periods(groups: [string[], [number, number]][]): [string, [number, number]][] {
  return groups.flatMap(([names, years]) => names.map((n): [string, [number, number]] => [n, years]));
}

/** Events people date companies by: phrase → [first year, last year]. */
export const EVENTS = phraseTable<[number, number]>([
  ['covid', [2020, 2021]],
  ['covid-19', [2020, 2021]],
  ['covid 19', [2020, 2021]],
  ['the pandemic', [2020, 2021]],
  ['pandemic', [2020, 2021]],
  ['coronavirus', [2020, 2021]],
  ['lockdown', [2020, 2020]],
  ['lockdowns', [2020, 2020]],
  ['covid lockdown', [2020, 2020]],
  ['covid lockdowns', [2020, 2020]],
  ['the covid lockdowns', [2020, 2020]],
  ['financial crisis', [2008, 2009]],
  ['the financial crisis', [2008, 2009]],
  ['global financial crisis', [2008, 2009]],
  ['great recession', [2008, 2009]],
  ['the great recession', [2008, 2009]],
  ['recession', [2008, 2009]],
  ['gfc', [2008, 2009]],
  ['dot-com bubble', [1995, 2000]],
  ['dot com bubble', [1995, 2000]],
  ['dotcom bubble', [1995, 2000]],
  ['dot-com boom', [1995, 2000]],
  ['dotcom boom', [1995, 2000]],
  ['dot-com era', [1995, 2000]],
  ['dot-com crash', [2000, 2002]],
  ['dot-com bust', [2000, 2002]],
  ['dotcom crash', [2000, 2002]],
  ['dotcom bust', [2000, 2002]],
  ['russia invaded ukraine', [2022, 2022]],
  ['the invasion of ukraine', [2022, 2022]],
  ['the russian invasion of ukraine', [2022, 2022]],
  ['the war in ukraine', [2022, 2022]],
  ['the millennium', [2000, 2000]],
  ['millennium', [2000, 2000]],
  ['the turn of the millennium', [2000, 2000]],
  ['y2k', [2000, 2000]],
  ['chatgpt', [2022, 2022]],
  // Historical periods, by their usual dates.
  ...periods([
    [
      ['world war i', 'world war 1', 'wwi', 'ww1', 'the first world war', 'first world war', 'the great war'],
      [1914, 1918],
    ],
    [
      ['world war ii', 'world war 2', 'wwii', 'ww2', 'the second world war', 'second world war'],
      [1939, 1945],
    ],
    [
      [
        'the interwar years',
        'the interwar period',
        'the interwar era',
        'the inter-war years',
        'the inter-war period',
        'interwar',
        'inter-war',
      ],
      [1918, 1939],
    ],
    [
      ['between the wars', 'between the two world wars', 'between the world wars'],
      [1918, 1939],
    ],
    [
      ['the cold war', 'cold war', 'the cold war era'],
      [1947, 1991],
    ],
    [
      ['the great depression', 'great depression', 'the depression'],
      [1929, 1939],
    ],
    [
      ['the roaring twenties', 'the roaring 20s', 'the jazz age'],
      [1920, 1929],
    ],
    [
      ['the victorian era', 'victorian times', 'the victorian period', 'the victorian age'],
      [1837, 1901],
    ],
    [
      ['the edwardian era', 'the edwardian period'],
      [1901, 1910],
    ],
    [['the gilded age'], [1870, 1900]],
    [
      ['the belle epoque', 'the belle époque'],
      [1871, 1914],
    ],
    [
      ['the fall of the berlin wall', 'the berlin wall fell'],
      [1989, 1989],
    ],
    [
      ['reunification', 'german reunification', 'the reunification'],
      [1990, 1990],
    ],
    [
      [
        'the collapse of the soviet union',
        'the fall of the soviet union',
        'the soviet collapse',
        'the breakup of the soviet union',
        'the end of the cold war',
      ],
      [1991, 1991],
    ],
    [
      ['brexit', 'the brexit vote', 'the brexit referendum'],
      [2016, 2016],
    ],
    // More events of the late 20th century and after, each by its year.
    [
      ['the wall fell', 'the fall of the wall', 'the wall came down', 'the berlin wall came down'],
      [1989, 1989],
    ],
    [
      ['the euro', 'euro', 'the launch of the euro', 'the introduction of the euro', 'the single currency'],
      [1999, 1999],
    ],
    [
      ['the euro crisis', 'euro crisis', 'the eurozone crisis', 'the euro debt crisis'],
      [2010, 2012],
    ],
    [
      ['euro notes', 'euro cash', 'the euro changeover'],
      [2002, 2002],
    ],
    [
      ['the end of apartheid', 'apartheid ended', 'apartheid'],
      [1994, 1994],
    ],
    [
      ['the handover', 'the hong kong handover'],
      [1997, 1997],
    ],
    [['the good friday agreement'], [1998, 1998]],
    [
      ['the maastricht treaty', 'maastricht'],
      [1992, 1992],
    ],
    [
      ['the moon landing', 'the moon landings', 'the apollo landing'],
      [1969, 1969],
    ],
    [
      ['the iphone', 'the first iphone', 'the iphone launch', 'the app store'],
      [2007, 2008],
    ],
    [['the arab spring'], [2011, 2011]],
    [
      ['eu enlargement', 'the eu enlargement', 'the big bang enlargement'],
      [2004, 2004],
    ],
  ]),
  ['gpt-3', [2020, 2020]],
  ['gpt 3', [2020, 2020]],
]);
