/**
 * The preview page's script, served as /preview.js. It filters the cards as
 * the designer types (every word must be in a card's id, names, kind, types
 * or faction; accents and case ignored) and by kind, and listens to the
 * server's events: when a card file is saved, the server validates again and
 * sends the new version; the script fetches /content and swaps the cards and
 * the diagnostics in place (no reload, the scroll position and the filter
 * stay). The HTML it inserts is the server's, escaped there.
 */
export const previewScript = String.raw`"use strict";
(function () {
  var main = document.querySelector("main");
  var filter = document.getElementById("filter");
  var shown = document.getElementById("shown");
  var live = document.getElementById("live");
  var fold = function (s) { return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase(); };

  function apply() {
    var words = fold(filter.value).split(/\s+/).filter(Boolean);
    var kinds = {};
    document.querySelectorAll('input[name="kind"]').forEach(function (box) { kinds[box.value] = box.checked; });
    var entries = document.querySelectorAll("#cards .entry");
    var count = 0;
    entries.forEach(function (e) {
      var text = e.getAttribute("data-search") || "";
      var show = kinds[e.getAttribute("data-kind")] !== false && words.every(function (w) { return text.indexOf(w) >= 0; });
      e.hidden = !show;
      if (show) count++;
    });
    shown.textContent = count + " of " + entries.length + " cards";
  }

  var fetching = false;
  var wanted = null;
  function refresh(version) {
    wanted = version;
    if (fetching || String(version) === main.getAttribute("data-version")) return;
    fetching = true;
    var asked = version;
    fetch("/content", { cache: "no-store" })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then(function (c) {
        document.getElementById("summary").textContent = c.summary;
        document.getElementById("diagnostics").innerHTML = c.problems;
        document.getElementById("cards").innerHTML = c.cards;
        main.setAttribute("data-version", String(c.version));
        apply();
        fetching = false;
        // Another save was announced while this one was fetched: fetch again.
        if (wanted !== asked) refresh(wanted);
      })
      .catch(function () { fetching = false; /* the server is gone or busy: the next event tries again */ });
  }

  filter.addEventListener("input", apply);
  document.querySelectorAll('input[name="kind"]').forEach(function (box) { box.addEventListener("change", apply); });
  apply();

  var events = new EventSource("/events");
  events.addEventListener("version", function (m) { refresh(m.data); });
  events.onopen = function () { live.textContent = "live"; live.className = "live"; };
  events.onerror = function () { live.textContent = "not connected (is state51 preview running?)"; live.className = "live off"; };
})();
`;
