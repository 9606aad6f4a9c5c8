// readcov report: sortable tables (header buttons, aria-sort kept in step) and drill-down helpers.
// Everything here is progressive: the page reads fine with scripts off.
(function () {
  "use strict";
  function key(cell, numeric) {
    var raw = cell.getAttribute("data-sort");
    var text = raw !== null ? raw : cell.textContent.trim();
    return numeric ? parseFloat(text) : text.toLowerCase();
  }
  function sortBy(table, col, numeric, dir) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    // Stable: ties keep their current order (index as the last key).
    var keyed = rows.map(function (row, i) { return { row: row, k: key(row.cells[col], numeric), i: i }; });
    keyed.sort(function (a, b) {
      var c = a.k < b.k ? -1 : a.k > b.k ? 1 : 0;
      return c !== 0 ? c * dir : a.i - b.i;
    });
    keyed.forEach(function (x) { body.appendChild(x.row); });
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, col) {
      var button = th.querySelector("button");
      if (!button) return;
      button.addEventListener("click", function () {
        var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
        Array.prototype.forEach.call(heads, function (h) { h.setAttribute("aria-sort", "none"); });
        th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
        sortBy(table, col, button.getAttribute("data-type") === "num", dir);
      });
    });
  });
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id && document.getElementById(id);
    if (el && el.tagName === "DETAILS") {
      el.open = true;
      el.querySelector("summary").focus();
    }
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
  function setAll(open) {
    document.querySelectorAll("details.run").forEach(function (d) { d.open = open; });
  }
  var expand = document.getElementById("expand-all");
  var collapse = document.getElementById("collapse-all");
  if (expand) expand.addEventListener("click", function () { setAll(true); });
  if (collapse) collapse.addEventListener("click", function () { setAll(false); });
})();
