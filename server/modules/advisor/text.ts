/**
 * Text helpers of the built-in recommender: normalising a client's words into tokens and
 * tolerant matching of phrases (plurals, joined or split words, one or two typos).
 */

/** Lower-cases, drops apostrophes and punctuation, and splits into word tokens. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9+]+/g, " ")
    .replace(/(\d)([a-z])/g, "$1 $2")
    .trim()
    .split(" ")
    .filter(Boolean);
}

/** A crude singular: 'pimples' → 'pimple', 'marks' → 'mark' (not 'stress', 'less'). */
export function stem(token: string): string {
  if (token.length > 3 && token.endsWith("s") && !token.endsWith("ss")) return token.slice(0, -1);
  return token;
}

/** Damerau-Levenshtein (optimal string alignment) distance, stopping early above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    row[0] = i;
    rows.push(row);
  }
  const first = rows[0] as number[];
  for (let j = 0; j <= b.length; j++) first[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const prev = rows[i - 1] as number[];
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, (rows[i - 2] as number[])[j - 2] as number) + 1;
      }
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * Everyday words one typo away from a vocabulary word ('having' ~ 'shaving', 'feeling' ~
 * 'peeling', 'simple' ~ 'pimple'): they never count as a typo.
 */
const FALSE_FRIENDS = new Set([
  "message",
  "messages",
  "feeling",
  "feelings",
  "having",
  "saving",
  "waving",
  "paving",
  "simple",
  "former",
  "farmer",
  "height",
  "growing",
  "flowing",
  "blowing",
  "slowing",
  "turning",
  "pension",
  "bedding",
  "weeding",
  "taxing",
  "rather",
  "pleased",
  "wounded",
  "weekend",
  "session",
  "sessions",
  "season",
  "reason",
  "person",
  "lesson",
  "passage",
  "booking",
  "looking",
  "cooking",
  // Not typos of the emergency words 'fainted' / 'fainting' (safety-rules.ts).
  "painted",
  "painting",
  // Not a typo of 'infection' (the red flag), nor the other way round.
  "injection",
  "injections",
  "infection",
  "infections",
]);

/**
 * How closely a client's token matches a vocabulary token: 1 exact (after plural stemming),
 * 0.8 for a likely typo (1 edit for words of 6+ letters, 2 for 9+), else 0. Short words must
 * match exactly ('fat' is not 'fit', 'would' is not 'wound').
 */
export function tokenMatch(word: string, vocab: string): number {
  const a = stem(word);
  const b = stem(vocab);
  if (a === b) return 1;
  const shortest = Math.min(a.length, b.length);
  if (shortest < 6 || /\d/.test(a) || /\d/.test(b) || FALSE_FRIENDS.has(word)) return 0;
  const allowed = shortest >= 9 ? 2 : 1;
  return editDistance(a, b, allowed) <= allowed ? 0.8 : 0;
}

/** A match of a vocabulary phrase in the client's tokens: its score and the tokens it covers. */
export type PhraseHit = { score: number; start: number; end: number };

/**
 * Every place a phrase (already tokenised) matches the client's tokens, with the product of its
 * token matches as the score; also tries two client tokens joined ('stretch marks' ~
 * 'stretchmarks') and one phrase word split by the client ('hyper pigmentation').
 */
export function phraseHits(tokens: string[], phrase: string[]): PhraseHit[] {
  const hits: PhraseHit[] = [];
  const n = phrase.length;
  for (let i = 0; i + n <= tokens.length; i++) {
    let score = 1;
    for (let j = 0; j < n && score > 0; j++) {
      score *= tokenMatch(tokens[i + j] as string, phrase[j] as string);
    }
    if (score > 0) hits.push({ score, start: i, end: i + n });
  }
  const joinedPhrase = phrase.join("");
  if (n > 1) {
    for (let i = 0; i < tokens.length; i++) {
      const score = tokenMatch(tokens[i] as string, joinedPhrase);
      if (score > 0) hits.push({ score, start: i, end: i + 1 });
    }
  } else {
    for (let i = 0; i + 1 < tokens.length; i++) {
      const score = tokenMatch(`${tokens[i]}${tokens[i + 1]}`, joinedPhrase);
      if (score > 0) hits.push({ score, start: i, end: i + 2 });
    }
  }
  return hits;
}

/** The best score of a phrase anywhere in the tokens (0 when absent). */
export function phraseScore(tokens: string[], phrase: string[]): number {
  return Math.max(0, ...phraseHits(tokens, phrase).map((h) => h.score));
}

/** The first sentence of a description (for a card's reason), at most `max` characters. */
export function firstSentence(text: string, max = 160): string {
  const match = /^(.+?[.!?])(\s|$)/.exec(text.trim());
  const sentence = (match?.[1] ?? text).trim();
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).trimEnd()}…`;
}
