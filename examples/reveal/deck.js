// Starts Reveal.js for the example deck. Keys pressed inside a lab section (sliders, text fields, heatmaps) belong
// to the section, not to slide navigation: events from a shadow root reach Reveal with the element as their
// target, so keyboardCondition looks along the event's path for one of the lab's elements.
/* global Reveal */
(function () {
  'use strict';
  var insideLab = function (event) {
    return event.composedPath().some(function (node) {
      return node.tagName !== undefined && node.tagName.indexOf('ATTENTION-') === 0;
    });
  };
  Reveal.initialize({ hash: true, width: 1100, height: 760, margin: 0.04, keyboardCondition: function (event) { return !insideLab(event); } });
}());
