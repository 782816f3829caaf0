// The smoke suite (tests/browsers/smoke.mjs) in Firefox.
import { smokeSuite } from './smoke.mjs';

smokeSuite('firefox');
