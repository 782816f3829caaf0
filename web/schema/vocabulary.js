// The schemas of the word-vector functions (cpp/bindings/vocabulary.cpp): setVocabulary hands the engine Lesson 1's
// real word vectors (web/vocabulary.js loads them after the first lesson is drawn), nearestWords ranks its words by
// cosine. Each option: name, type and range (web/schema/types.js), default, one line of meaning.
import { atMost, fail, fmt, integer, list, text } from './types.js';
import { F32, I32, arrayOf, field, num, str } from './results.js';

export const MAX_WORDS = 50000;
export const MAX_WORD_DIM = 1024;
export const MAX_K = 100;
export const MAX_ENTRIES = 16777216; // 2²⁴ codes: 160,000 words of 100 dimensions

export const setVocabulary = {
  name: 'setVocabulary',
  summary: 'Replaces the engine\'s word vectors (int8 codes with a scale per word), for nearestWords and Lesson 1\'s real words.',
  returns: 'VocabularySize',
  results: [
    field('size', num, 'Words now in the engine\'s vocabulary.'),
    field('dim', num, 'Width of their vectors.'),
  ],
  options: [
    { name: 'size', type: integer(1, MAX_WORDS), required: true, meaning: 'number of words' },
    { name: 'dim', type: integer(1, MAX_WORD_DIM), required: true, meaning: 'width of each word\'s vector; `size·dim` ≤ 2²⁴' },
    {
      name: 'words', type: text(MAX_WORDS * 41), required: true,
      meaning: '`size` different words separated by single spaces, each 1 to 40 lower-case letters a–z, most frequent first',
    },
    {
      // Integers −127 … 127, checked by the engine: the validator's per-entry integer check took 35–100 ms of the
      // page's 1,000,000 codes, its plain copy a few.
      name: 'codes', type: list({ length: (o) => o.size * o.dim, shape: () => 'size·dim', lengthName: 'size·dim' }),
      required: true, quoteMissing: true, meaning: 'the quantised vectors, `(size, dim)` row-major, integers −127 … 127 (an Int8Array will do)',
    },
    {
      name: 'scales', type: list({ length: (o) => o.size, shape: () => 'size', lengthName: 'size' }),
      required: true, quoteMissing: true, meaning: 'one factor per word: its vector is its codes times its scale',
    },
  ],
  // A valid call (tests/fuzz/api-fuzz-options.mjs starts from it: no draw from the ranges above makes `size` distinct words).
  example: { size: 3, dim: 2, words: 'money bank river', codes: [1, 0, 0, 1, 1, 1], scales: [0.5, 0.5, 0.5] },
  rules(o) {
    atMost('size·dim', o.size * o.dim, MAX_ENTRIES);
  },
  after(o) {
    const { scales } = o;
    for (let i = 0; i < scales.length; i += 1) {
      if (scales[i] < 0) fail(`scales[${i}] = ${fmt(scales[i])} is out of range: allowed a finite number from 0 up`);
    }
  },
};

export const nearestWords = {
  name: 'nearestWords',
  summary: 'The vocabulary\'s words with the largest cosine to a word or a vector, nearest first (needs setVocabulary).',
  returns: 'NearestWords',
  results: [
    field('words', arrayOf(str), 'The k nearest words, nearest first (fewer when the vocabulary is smaller).'),
    field('cosines', F32, 'Each word\'s cosine with the query\'s direction, in the same order.'),
    field('indices', I32, 'Each word\'s row in the vocabulary (its frequency rank), in the same order.'),
  ],
  options: [
    { name: 'word', type: text(40), meaning: 'a word of the vocabulary (give `word` or `vector`)' },
    {
      name: 'vector', type: list({ minLength: 1, maxLength: MAX_WORD_DIM }),
      meaning: 'a vector as wide as the vocabulary\'s, not all zeros (give `word` or `vector`)',
    },
    { name: 'k', type: integer(1, MAX_K), default: 10, meaning: 'how many words' },
    {
      name: 'exclude', type: text(4096), default: '',
      meaning: 'words to leave out, separated by spaces (a `word` is not left out unless listed here); words outside the vocabulary are ignored',
    },
  ],
  example: { word: 'bank', k: 2 }, // after setVocabulary's example
  rules(o, given) {
    if (given.word === given.vector) {
      fail(given.word ? 'word and vector are both given: give one of them' : 'word and vector are both missing: give one of them');
    }
  },
};
