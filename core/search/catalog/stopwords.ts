/**
 * English words too common to tell items apart: articles, pronouns, auxiliaries, prepositions and
 * the question words a visitor puts in front of a query ("how do I…"). They are neither indexed nor
 * looked up, so "why do whales strand" is read as "whales strand". Kept short on purpose: a word
 * that names something in some catalog (can, may, will, not) stays searchable.
 */
export const ENGLISH_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been being but by did do does doing for from had has have he her his how i if in into is it its ' +
    'me my of on or our she so such than that the their them then there these they this those to us was we were what when ' +
    'where which who whom why with you your s t'
  ).split(' '),
);
