// What the engine's glue expects of a browser and a bare JSC context lacks (tests/browsers/jsc-shell/run.mjs).
globalThis.window = globalThis;
globalThis.performance = { now };
globalThis.console = { log: print, warn: () => {}, error: print };
globalThis.TextDecoder = class {
  decode(bytes) {
    let s = '';
    for (let i = 0; i < bytes.length; ) {
      const b = bytes[i++];
      let c = b;
      if (b >= 0xf0) c = ((b & 7) << 18) | ((bytes[i++] & 63) << 12) | ((bytes[i++] & 63) << 6) | (bytes[i++] & 63);
      else if (b >= 0xe0) c = ((b & 15) << 12) | ((bytes[i++] & 63) << 6) | (bytes[i++] & 63);
      else if (b >= 0xc0) c = ((b & 31) << 6) | (bytes[i++] & 63);
      s += String.fromCodePoint(c);
    }
    return s;
  }
};
globalThis.TextEncoder = class {
  encode(text) {
    const out = [];
    for (const ch of String(text)) {
      const c = ch.codePointAt(0);
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return Uint8Array.from(out);
  }
};
