// A section's round clock on its standings and projector pages: the page
// was drawn with the clock's end (data-ends, ms since the epoch); this
// counts it down each second between two drawings ("Time!" at zero).
(function () {
  function tick() {
    var spans = document.querySelectorAll(".timer[data-ends]");
    Array.prototype.forEach.call(spans, function (s) {
      var left = Math.ceil((Number(s.getAttribute("data-ends")) - Date.now()) / 1000);
      s.textContent = left <= 0 ? "Time!" : s.getAttribute("data-prefix") + Math.floor(left / 60) + ":" + ("0" + left % 60).slice(-2);
    });
  }
  tick();
  setInterval(tick, 1000);
})();
