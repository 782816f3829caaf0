// The list of lessons on the page, in order. A new lesson is one import and one entry here
// (plus its id in the `lesson` choice of web/state.js). The frame builds the contents from this.
import { LESSON as selfAttention } from './sections/self-attention/index.js';
import { LESSON as variance } from './sections/variance/index.js';
import { LESSON as saturation } from './sections/saturation/index.js';
import { LESSON as temperature } from './sections/temperature/index.js';
import { LESSON as heads } from './sections/heads/index.js';
import { LESSON as training } from './sections/training/index.js';
import { LESSON as beyond } from './sections/beyond/index.js';

export const LESSONS = [selfAttention, variance, saturation, temperature, heads, training, beyond];
