// The prerendered pages' only script tag (build/page-html.mjs): it starts the app (data-main) once the page
// has painted, so on a busy or slow device the browser shows the page before it runs any of the app's code.
(function () {
  var main = document.currentScript && document.currentScript.getAttribute('data-main');
  if (!main) return;
  requestAnimationFrame(function () {
    // A task queued from a frame callback runs after that frame is painted.
    setTimeout(function () {
      var script = document.createElement('script');
      script.src = main;
      document.head.appendChild(script);
    }, 0);
  });
})();
