// For a course page that frames the lab: sizes every <iframe data-attention-lab> to the height of its lesson, and
// re-sends each frame's messages as DOM events on the iframe ("attention-lab:ready", "attention-lab:resize",
// "attention-lab:state", with the message as event.detail). AttentionLab.setState(iframe, { key: value }) changes
// a frame's settings. A message counts only if it comes from that frame's window and from the origin of its src.
// A plain script with no dependencies: copy it next to your page and add <script src="embed-host.js" defer>.
(function () {
  'use strict';
  var SOURCE = 'attention-scale-lab';

  // A frame sandboxed without allow-same-origin runs in an opaque origin of its own, whatever its src.
  function opaqueSandbox(frame) {
    var sandbox = frame.getAttribute('sandbox');
    return sandbox !== null && !/(^|\s)allow-same-origin(\s|$)/.test(sandbox);
  }

  // The origin a frame's messages carry: its src's origin; a page opened from disk (file://) or a frame sandboxed
  // without allow-same-origin has none of its own, and browsers report it as "null" (or "file://").
  function originOf(frame) {
    if (opaqueSandbox(frame)) return 'null';
    try {
      var url = new URL(frame.getAttribute('src'), document.baseURI);
      return url.protocol === 'file:' ? 'null' : url.origin;
    } catch (error) {
      return null;
    }
  }

  function fromFrame(event, frame) {
    var expected = originOf(frame);
    return event.origin === expected || (expected === 'null' && event.origin === 'file://');
  }

  function frameOf(source) {
    var frames = document.querySelectorAll('iframe[data-attention-lab]');
    for (var i = 0; i < frames.length; i += 1) if (frames[i].contentWindow === source) return frames[i];
    return null;
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.source !== SOURCE) return;
    var frame = frameOf(event.source);
    if (!frame || !fromFrame(event, frame)) return;
    if ((data.type === 'resize' || data.type === 'ready') && data.height > 0) frame.height = String(data.height);
    frame.dispatchEvent(new CustomEvent('attention-lab:' + data.type, { detail: data }));
  });

  // Frames that started before this script missed their first messages: ask each to send them again (a frame that
  // is still loading answers with its own 'ready' later).
  function hello(frame) {
    var origin = originOf(frame);
    if (frame.contentWindow) frame.contentWindow.postMessage({ source: SOURCE, version: 1, type: 'hello' }, origin === 'null' ? '*' : origin);
  }
  // A frame still showing its initial about:blank must not be sent a message yet; its load event will do it.
  function showsLab(frame) {
    try {
      return frame.contentDocument === null || frame.contentDocument.location.href !== 'about:blank';
    } catch (error) {
      return true; // another origin's document: the lab
    }
  }
  var frames = document.querySelectorAll('iframe[data-attention-lab]');
  for (var i = 0; i < frames.length; i += 1) {
    if (showsLab(frames[i])) hello(frames[i]);
    frames[i].addEventListener('load', hello.bind(null, frames[i]));
  }

  window.AttentionLab = {
    /** Sends { vdims: '3,10', vshared: false, … } to the frame; keys and values as in the lab's links. */
    setState: function (frame, state) {
      var origin = originOf(frame);
      frame.contentWindow.postMessage({ source: SOURCE, version: 1, type: 'set-state', state: state }, origin === 'null' ? '*' : origin);
    },
  };
}());
