// The report's one number format, the same rule as io.kbench.report.Fmt on the Java side (tables, figures): grouped
// thousands, about three significant digits (no decimals from 100 up, one from 10, two from 1, three significant
// digits below 1), trailing zeros dropped; '-' when absent. ReportBrowserIT checks the two agree.
var kbenchNumber = (function () {
  'use strict';
  function decimals(v) {
    return v >= 100 || v === 0 ? 0 : v >= 10 ? 1 : v >= 1 ? 2 : Math.min(6, 2 - Math.floor(Math.log10(v)));
  }
  return function (v) {
    if (v == null || isNaN(v)) { return '-'; }
    if (!isFinite(v)) { return v > 0 ? '\u221e' : '-\u221e'; }
    var s = Number(v).toLocaleString('en-US', {maximumFractionDigits: decimals(Math.abs(v)), roundingMode: 'halfExpand'});
    return s === '-0' ? '0' : s;
  };
})();
