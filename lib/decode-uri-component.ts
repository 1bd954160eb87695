/** `decodeURIComponent`, or null for text with a malformed escape (`%ZZ`, a cut `%E2%82`), which it would throw on. */
export function decodeUriComponentOrNull(component: string): string | null {
  try {
    return decodeURIComponent(component);
  } catch {
    return null;
  }
}
