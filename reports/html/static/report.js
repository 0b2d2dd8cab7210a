// metricprops HTML report: the heat map's drill-down and filters (no library, no network).
"use strict";
(function () {
  var table = document.getElementById("heatmap");
  if (!table) { return; }
  var panel = document.getElementById("finding");
  var selected = null;

  function show(cell) {
    var template = document.getElementById("t-" + cell.dataset.key);
    if (!template) { return; }
    panel.replaceChildren(template.content.cloneNode(true));
    panel.querySelectorAll("[data-drawing]").forEach(function (slot) {
      var drawing = document.getElementById("d-" + slot.dataset.drawing);
      if (drawing) { slot.appendChild(drawing.content.cloneNode(true)); }
    });
    if (selected) { selected.classList.remove("selected"); }
    selected = cell;
    cell.classList.add("selected");
    if (history.replaceState) { history.replaceState(null, "", "#" + cell.dataset.key); }
  }

  table.addEventListener("click", function (event) {
    var cell = event.target.closest("td[data-key]");
    if (cell) { show(cell); }
  });
  table.addEventListener("keydown", function (event) {
    var cell = event.target.closest("td[data-key]");
    if (cell && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      show(cell);
    }
  });

  var family = document.getElementById("filter-family");
  var library = document.getElementById("filter-library");
  var boxes = Array.prototype.slice.call(document.querySelectorAll("input[name=status]"));
  var count = document.getElementById("shown-count");

  function apply() {
    var statuses = {};
    boxes.forEach(function (box) { statuses[box.value] = box.checked; });
    var rows = 0, cells = 0;
    table.querySelectorAll("tbody tr").forEach(function (row) {
      var visible = 0;
      row.querySelectorAll("td[data-key]").forEach(function (cell) {
        var on = statuses[cell.dataset.status] === true;
        cell.classList.toggle("off", !on);
        if (on) { visible += 1; }
      });
      var keep = (!family.value || row.dataset.family === family.value) &&
                 (!library.value || row.dataset.library === library.value) && visible > 0;
      row.hidden = !keep;
      if (keep) { rows += 1; cells += visible; }
    });
    count.textContent = rows + " metrics, " + cells + " cells shown";
  }

  [family, library].concat(boxes).forEach(function (input) {
    input.addEventListener("change", apply);
  });
  apply();
  var wanted = location.hash ? table.querySelector("td[data-key='" +
                                                   location.hash.slice(1) + "']") : null;
  if (wanted) { show(wanted); }
}());
