// The prerendered pages' only script tag (build/page-html.mjs): it starts the app (data-main) once the page
// has painted, so on a busy or slow device the browser shows the page before it runs any of the app's code.
(function () {
  var script = document.currentScript;
  var main = script && script.getAttribute('data-main');
  if (!main) return;
  // The files (scripts and styles) the app's start-up and the page's lazy parts need (build/page-html.mjs): fetched together
  // with main.js instead of one round trip after another as the app asks for them.
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  // Until the app has taken over a form, a submit would send its fields in the address (the forms have no
  // action; the app's handlers submit them): the app's own handlers prevent the default as well.
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (form instanceof HTMLFormElement && !form.hasAttribute('action') && form.closest('#root')) event.preventDefault();
  }, true);
  // A page with a first view its own script is filling (booking.html: the store card, src/first-view/) starts
  // the app once that is done (the 'tb-first-view' event), so the app's scripts and styles do not compete
  // with the store call and the card's paint; at the latest after 2 s, should that script never answer.
  function afterFirstView(start) {
    var slot = document.getElementById('tb-first-view');
    if (!slot || !slot.hasAttribute('data-pending')) return start();
    var started = false;
    var once = function () {
      if (started) return;
      started = true;
      start();
    };
    document.addEventListener('tb-first-view', once);
    setTimeout(once, 2000);
  }
  function startApp() {
    var start = document.createElement('script');
    start.src = main;
    document.head.appendChild(start);
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = /\.css$/.test(href) ? 'style' : 'script';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  requestAnimationFrame(function () {
    // A task queued from a frame callback runs after that frame is painted.
    setTimeout(function () {
      afterFirstView(startApp);
    }, 0);
  });
})();
