/*
 * Shared by every page (api/web/html.ts): on a narrow screen, tables are shown as one card per row
 * (site.css), each cell labelled with its column's heading, unless the page styled the table itself
 * (class `stack`). This script copies the headings into
 * `data-label` attributes, also for tables that page scripts render later (the settings panel).
 * Without it, a wide table scrolls inside itself; the page never scrolls sideways.
 */
(function () {
  'use strict';
  function label(table) {
    // Tables a page lays out itself on phones (.stack, with its own data-label) are left alone.
    if (table.classList.contains('stack')) return;
    var heads = table.tHead && table.tHead.rows[0] ? table.tHead.rows[0].cells : null;
    if (!heads || heads.length < 2) return;
    var names = [];
    for (var i = 0; i < heads.length; i++) names.push((heads[i].textContent || '').trim());
    for (var b = 0; b < table.tBodies.length; b++) {
      var rows = table.tBodies[b].rows;
      for (var r = 0; r < rows.length; r++) {
        var cells = rows[r].cells;
        for (var c = 0, col = 0; c < cells.length; c++) {
          if (!cells[c].hasAttribute('data-label') && names[col]) cells[c].setAttribute('data-label', names[col]);
          col += cells[c].colSpan || 1;
        }
      }
    }
    if (!table.classList.contains('stacked')) table.classList.add('stacked');
  }
  function all() {
    var tables = document.querySelectorAll('main table');
    for (var i = 0; i < tables.length; i++) label(tables[i]);
  }
  var queued = false;
  function later() {
    if (queued) return;
    queued = true;
    (window.requestAnimationFrame || setTimeout)(function () { queued = false; all(); });
  }
  function start() {
    all();
    var main = document.querySelector('main');
    if (main && window.MutationObserver) new MutationObserver(later).observe(main, { childList: true, subtree: true });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
