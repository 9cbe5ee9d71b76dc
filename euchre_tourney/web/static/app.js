// euchre_tourney phone pages: live redraw and safe resending (no dependencies).
// The page follows a stream of stamps (server-sent events, data-events: an
// idle page costs no request); without EventSource, or while the stream is
// refused for load, it asks data-stamp-url every POLL ms instead (slower after
// a refusal). When a stamp differs from the page's
// it fetches itself again (If-None-Match: 304 when unchanged) and swaps <main>, unless the player is in the
// middle of filling a form. An answer asked for before the page was drawn
// again or a form was sent (a late /stamp, a late copy of the page) is older
// than what the page shows and is dropped. The stamp begins with the server's start id
// ("BOOT:"): a page drawn before the server restarted reloads itself, or, when
// a form holds input not sent yet, keeps it and takes the new server's token
// so that it can still be sent. A form is sent with fetch and resent with the
// same idempotency key when the network fails, so a hand is never recorded
// twice. A refusal without a form (a message page, the server busy, the
// database gone, no connection) leaves the form as it was, usable, with the
// message and two ways on: "Send again" and "Reload". Refused for load (503,
// 429), a page or a form waits and tries again by itself, saying so; the
// form stays as typed and usable meanwhile.
(function () {
  "use strict";
  var body = document.body;
  var poll = parseInt(body.getAttribute("data-poll"), 10) || 1000;
  var boot = body.getAttribute("data-boot") || "";
  var streamUrl = body.getAttribute("data-events") || "";
  var stampUrl = body.getAttribute("data-stamp-url") || "/stamp";
  var stream = null;
  var latest = "";  // the last stamp heard
  var past = {};  // stamps this page was drawn with before its latest drawing: a stream's late line of one says nothing new
  var again = 0;  // redraws in a row that brought a page older than the last stamp heard
  var slow = 1;  // the polling's pace: 1, or more after a refusal for load
  var busy = false;
  var drawn = 0;  // counts the page's redraws and sends: an answer asked for before one of them is older than the page
  var each = function (list, fn) { Array.prototype.forEach.call(list, fn); };
  function editing() {
    var a = document.activeElement;
    if (a && (a.tagName === "INPUT" || a.tagName === "SELECT" || a.tagName === "TEXTAREA") && a.type !== "radio") return true;
    return document.querySelector("form.entry.touched, form.unsent") !== null;
  }
  function reload() {  // this page drawn afresh by a GET (never a form sent again, as reload() may after a POST)
    location.replace(location.href.split("#")[0]);
  }
  function parse(html) { return new DOMParser().parseFromString(html, "text/html"); }
  function swap(doc, url) {
    var main = doc.getElementById("main");
    if (!main) return false;
    drawn += 1;
    past[body.getAttribute("data-stamp") || ""] = true;
    document.getElementById("main").replaceWith(main);
    body.setAttribute("data-stamp", doc.body.getAttribute("data-stamp") || "");
    if (doc.body.getAttribute("data-boot")) { boot = doc.body.getAttribute("data-boot"); body.setAttribute("data-boot", boot); }
    if (url) history.replaceState(null, "", url);
    wire();
    return true;
  }
  function later(seconds) { return (seconds + Math.random() * seconds) * 1000; }  // spread: a room refused together comes back apart
  function page() {  // this page drawn afresh: the document, or null (the server busy, failing or away)
    return fetch(location.href, { credentials: "same-origin", cache: "no-cache" })
      .then(function (r) { return r.status < 500 && r.status !== 429 ? r.text() : null; })
      .then(function (t) { return t === null ? null : parse(t); }, function () { return null; });
  }
  function waiting(on) {  // the room's pages: a line saying the page will try again by itself
    var old = document.getElementById("waiting");
    if (!on) { if (old) old.remove(); return; }
    if (old) return;
    var p = document.createElement("p");
    p.id = "waiting";
    p.className = "banner";
    p.setAttribute("role", "status");
    p.textContent = "The server is busy: this page tries again by itself in a few seconds.";
    document.getElementById("main").prepend(p);
  }
  function refresh() {
    if (busy || editing()) return;
    busy = true;
    var asked = drawn;
    page().then(function (doc) {
      if (asked !== drawn) return;  // a hand sent or a page drawn meanwhile: this copy is older than the page
      busy = false;
      if (!doc) { waiting(true); setTimeout(refresh, later(2)); return; }  // busy or away: again, by itself
      if (!editing()) swap(doc);
      var mine = body.getAttribute("data-stamp");
      if (latest && mine !== latest && again < 3) { again += 1; setTimeout(refresh, later(1)); }  // an older copy
      else { again = 0; }
    });
  }
  function takeTokens(doc) {  // the new server's page token into this page's forms (their input stays)
    var fresh = doc && doc.querySelector("form[method=post] input[name=csrf]");
    if (!fresh) return false;
    each(document.querySelectorAll("form[method=post] input[name=csrf]"), function (i) { i.value = fresh.value; });
    return true;
  }
  function restarted(theirs) {
    if (!busy && !editing()) { reload(); return null; }
    return page().then(function (doc) {
      if (takeTokens(doc)) { boot = theirs; body.setAttribute("data-boot", theirs); }
    });
  }
  function heard(s) {  // a stamp from the stream or the poll
    if (!s || past[s]) return null;  // (a line sent before the page was drawn again, read after it)
    var theirs = s.split(":")[0];
    if (boot && theirs && theirs !== boot && s.indexOf(":") > 0) return restarted(theirs);
    latest = s;
    var mine = body.getAttribute("data-stamp");
    if (mine && s !== mine) { again = 0; refresh(); }
    return null;
  }
  function tick() {
    if (stream) return;  // the stream took over again
    var asked = drawn;
    fetch(stampUrl, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (r.status === 503 || r.status === 429) { slow = Math.min(slow * 2, 16); return null; }
      slow = 1;
      return r.ok ? r.text() : null;
    })
      .then(function (s) {
        if (!s || asked !== drawn) return null;  // asked before the page was drawn again: says nothing of it
        return heard(s);
      })
      .catch(function () {}).then(function () { setTimeout(tick, slow === 1 ? poll : later(slow)); });
  }
  function listen() {  // the stream; polling when there is none or it is refused
    if (!window.EventSource || !streamUrl) { setTimeout(tick, poll); return; }
    stream = new EventSource(streamUrl);
    stream.onmessage = function (e) { heard(e.data); };
    stream.onerror = function () {
      if (!stream || stream.readyState !== 2) return;  // 2: CLOSED (refused); else the browser reconnects by itself
      stream = null;
      setTimeout(tick, later(2));
      setTimeout(function () { if (!stream) listen(); }, later(30));
    };
  }
  function clearNotice() { each(document.querySelectorAll("#main .notice"), function (n) { n.remove(); }); }
  function keep(form, submitter, text) {
    // the entry stays as typed, usable: the message, and the ways on
    busy = false;
    form.classList.remove("stale");
    form.classList.add("unsent");
    clearNotice();
    var box = document.createElement("div");
    box.className = "notice";
    box.setAttribute("role", "alert");
    var said = document.createElement("p");
    said.className = "banner error";
    said.textContent = text + " Your entry is kept: send it again, or reload the page.";
    var again = document.createElement("button");
    again.type = "button";
    again.className = "primary again";
    again.textContent = "Send again";
    again.addEventListener("click", function () {
      page().then(function (doc) { takeTokens(doc); send(form, submitter, 0, 0); });  // after a restart: its token
    });
    var redraw = document.createElement("button");
    redraw.type = "button";
    redraw.className = "reload";
    redraw.textContent = "Reload";
    redraw.addEventListener("click", function () { reload(); });
    box.appendChild(said);
    box.appendChild(again);
    box.appendChild(redraw);
    form.parentNode.insertBefore(box, form);
  }
  var BUSY = {
    429: "The server asks this table to slow down: nothing was saved yet.",
    503: "The server is busy or its database is not answering: nothing was saved yet."
  };
  var resend = null;
  function retryLater(form, submitter, text, tries) {  // refused for load: wait, say so, send again by itself
    var wait = Math.min(2 + 2 * tries, 12) + Math.floor(Math.random() * 3);
    keep(form, submitter, text + " It is sent again by itself in " + wait + " seconds.");
    resend = setTimeout(function () { resend = null; send(form, submitter, 0, tries + 1); }, wait * 1000);
  }
  function send(form, submitter, tries, refusedTries) {
    if (resend) { clearTimeout(resend); resend = null; }
    refusedTries = refusedTries || 0;
    busy = true;
    drawn += 1;  // a redraw asked for before this send would be older than its answer
    clearNotice();
    form.classList.add("stale");  // while it is on its way (never left so: see keep)
    var data = new FormData(form);  // as it is now (the idempotency key is the form's own)
    if (submitter && submitter.name) data.set(submitter.name, submitter.value);
    var action = form.getAttribute("action") || location.pathname + location.search;
    fetch(action, { method: "POST", body: data, credentials: "same-origin" })
      .then(function (r) { return r.text().then(function (t) { return { ok: r.ok, status: r.status, doc: parse(t) }; }); })
      .then(function (a) {
        var url = location.pathname + "?k=" + encodeURIComponent(data.get("k") || "");
        // the table's page again (saved, or refused in the game's words next to the form): drawn
        if ((a.ok || a.doc.querySelector("#main form[method=post]")) && swap(a.doc, url)) { busy = false; return; }
        var said = a.doc.querySelector("#main .banner");
        var text = said && said.textContent.trim() ? said.textContent.trim()
          : (BUSY[a.status] || "The server could not answer (" + a.status + "): nothing was saved yet.");
        if (BUSY[a.status] && refusedTries < 30) { retryLater(form, submitter, text, refusedTries); return; }
        keep(form, submitter, text);
      }, function () {
        if (tries < 5) { setTimeout(function () { send(form, submitter, tries + 1, refusedTries); }, 800 * (tries + 1)); }
        else { keep(form, submitter, "No connection to the server: the hand is not saved yet."); }
      });
  }
  function wire() {
    each(document.querySelectorAll("form[method=post]"), function (form) {
      form.addEventListener("change", function () { form.classList.add("touched"); });
      if (location.pathname.indexOf("/t/") !== 0) return;  // other forms post normally
      form.addEventListener("submit", function (ev) {
        if (!window.fetch || !window.FormData) return;
        ev.preventDefault();
        var submitter = ev.submitter && ev.submitter.name ? { name: ev.submitter.name, value: ev.submitter.value } : null;
        send(form, submitter, 0, 0);
      });
    });
  }
  wire();
  listen();
})();
