/** The words of a space-separated list: how the lexicon writes its word lists. */
export const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);
