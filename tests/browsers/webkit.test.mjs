// The smoke suite (tests/browsers/smoke.mjs) in WebKit.
import { smokeSuite } from './smoke.mjs';

smokeSuite('webkit');
