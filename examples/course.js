// The example course page's own script: shows the framed lesson's current link, and a button that changes the
// frame's settings from the page. Uses AttentionLab from embed-host.js.
(function () {
  'use strict';
  var frame = document.getElementById('lesson-frame');
  var shown = document.getElementById('frame-state');
  frame.addEventListener('attention-lab:state', function (event) {
    shown.textContent = event.detail.hash;
  });
  document.getElementById('frame-causal').addEventListener('click', function () {
    window.AttentionLab.setState(frame, { causal: true, step: 6 });
  });
}());
