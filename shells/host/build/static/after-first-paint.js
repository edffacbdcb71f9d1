// The prerendered pages' only script tag (build/page-html.mjs): it starts the app (data-main) once the page
// has painted, so on a busy or slow device the browser shows the page before it runs any of the app's code.
(function () {
  var main = document.currentScript && document.currentScript.getAttribute('data-main');
  if (!main) return;
  // Until the app has taken over a form, a submit would send its fields in the address (the forms have no
  // action; the app's handlers submit them): the app's own handlers prevent the default as well.
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (form instanceof HTMLFormElement && !form.hasAttribute('action') && form.closest('#root')) event.preventDefault();
  }, true);
  requestAnimationFrame(function () {
    // A task queued from a frame callback runs after that frame is painted.
    setTimeout(function () {
      var script = document.createElement('script');
      script.src = main;
      document.head.appendChild(script);
    }, 0);
  });
})();
