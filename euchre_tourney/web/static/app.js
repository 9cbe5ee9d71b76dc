// euchre_tourney phone pages: live redraw and safe resending (no dependencies).
// Every POLL ms the page asks /stamp; when the answer differs from the page's
// stamp it fetches itself again and swaps <main>, unless the player is in the
// middle of filling a form. A form is sent with fetch and resent with the same
// idempotency key when the network fails, so a hand is never recorded twice.
(function () {
  "use strict";
  var body = document.body;
  var poll = parseInt(body.getAttribute("data-poll"), 10) || 1000;
  var busy = false;
  function editing() {
    var a = document.activeElement;
    if (a && (a.tagName === "INPUT" || a.tagName === "SELECT" || a.tagName === "TEXTAREA") && a.type !== "radio") return true;
    return document.querySelector("form.entry.touched") !== null;
  }
  function swap(html, url) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var main = doc.getElementById("main");
    if (!main) return;
    document.getElementById("main").replaceWith(main);
    body.setAttribute("data-stamp", doc.body.getAttribute("data-stamp") || "");
    if (url) history.replaceState(null, "", url);
    wire();
  }
  function refresh() {
    if (busy || editing()) return;
    busy = true;
    fetch(location.href, { credentials: "same-origin" }).then(function (r) { return r.text(); })
      .then(function (t) { swap(t); }).catch(function () {}).then(function () { busy = false; });
  }
  function tick() {
    fetch("/stamp", { credentials: "same-origin", cache: "no-store" }).then(function (r) { return r.ok ? r.text() : null; })
      .then(function (s) { var mine = body.getAttribute("data-stamp"); if (s && mine && s !== mine) refresh(); })
      .catch(function () {}).then(function () { setTimeout(tick, poll); });
  }
  function send(form, data, tries) {
    busy = true;
    form.classList.add("stale");
    var action = form.getAttribute("action") || location.pathname + location.search;
    fetch(action, { method: "POST", body: data, credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (t) { busy = false; swap(t, location.pathname + "?k=" + encodeURIComponent(data.get("k") || "")); })
      .catch(function () {
        if (tries < 5) { setTimeout(function () { send(form, data, tries + 1); }, 800 * (tries + 1)); }
        else { busy = false; form.classList.remove("stale"); alert("No connection to the server: the hand is not saved yet. Try again."); }
      });
  }
  function wire() {
    Array.prototype.forEach.call(document.querySelectorAll("form[method=post]"), function (form) {
      form.addEventListener("change", function () { form.classList.add("touched"); });
      if (location.pathname.indexOf("/t/") !== 0) return;  // other forms post normally
      form.addEventListener("submit", function (ev) {
        if (!window.fetch || !window.FormData) return;
        ev.preventDefault();
        var data = new FormData(form);
        if (ev.submitter && ev.submitter.name) data.set(ev.submitter.name, ev.submitter.value);
        send(form, data, 0);
      });
    });
  }
  wire();
  setTimeout(tick, poll);
})();
