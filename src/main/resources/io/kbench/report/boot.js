(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('kbench-data').textContent);
  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;
  Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  Chart.defaults.color = '#334155';
  Chart.defaults.plugins.legend.labels.boxWidth = 14;
  Chart.defaults.plugins.legend.labels.filter = function (item, chartData) {
    return chartData.datasets[item.datasetIndex].kbenchLegend !== false;
  };
  // number-format.js: the report's one number format, shared with the tables (io.kbench.report.Fmt).
  var num = kbenchNumber;
  function percentileOf(x) {
    var p = 100 * (1 - 1 / x), d = Math.max(0, Math.min(6, Math.round(Math.log10(x)) - 2));
    return p.toFixed(x < 100 ? 0 : d) + '%';
  }
  function decade(v) { var l = Math.log10(v); return Math.abs(l - Math.round(l)) < 1e-6; }
  var ticks = {
    percentile: function (v) { return decade(v) ? percentileOf(v) : null; },
    log: function (v) {
      var m = v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
      return (Math.abs(m - 1) < 1e-6 || Math.abs(m - 2) < 1e-6 || Math.abs(m - 5) < 1e-6) ? num(v) : null;
    }
  };
  // Fault windows (config.kbenchBands: [{from, to, label}]) shaded behind the lines, labelled at the top.
  function bandsPlugin(bands) {
    return {
      id: 'kbenchBands',
      beforeDatasetsDraw: function (chart) {
        var x = chart.scales.x, area = chart.chartArea, ctx = chart.ctx;
        ctx.save();
        bands.forEach(function (b) {
          var left = Math.max(area.left, x.getPixelForValue(b.from));
          var right = Math.min(area.right, x.getPixelForValue(b.to));
          if (right <= left) { return; }
          ctx.fillStyle = 'rgba(220, 38, 38, 0.12)';
          ctx.fillRect(left, area.top, right - left, area.bottom - area.top);
          ctx.fillStyle = '#991b1b';
          ctx.font = '11px system-ui, sans-serif';
          ctx.fillText(b.label, left + 3, area.top + 12);
        });
        ctx.restore();
      }
    };
  }
  function prepare(config) {
    if (config.kbenchBands) {
      config.plugins = (config.plugins || []).concat([bandsPlugin(config.kbenchBands)]);
      delete config.kbenchBands;
    }
    var scales = (config.options && config.options.scales) || {};
    Object.keys(scales).forEach(function (k) {
      var s = scales[k];
      if (s.kbench) { s.ticks = s.ticks || {}; s.ticks.callback = ticks[s.kbench]; delete s.kbench; }
    });
    var events = config.data && config.data.datasets && config.data.datasets.some(function (d) { return d.kbenchEvents; });
    if (events) {
      config.options.plugins = config.options.plugins || {};
      var eventTip = config.options.plugins.tooltip = config.options.plugins.tooltip || {};
      eventTip.callbacks = {
        label: function (item) {
          return item.dataset.kbenchEvents ? item.raw.text + ' at ' + num(item.parsed.x) + ' s'
            : item.dataset.label + ': ' + num(item.parsed.y);
        }
      };
    }
    var tip = config.options && config.options.plugins && config.options.plugins.tooltip;
    if (tip && tip.kbench) {
      var unit = tip.kbenchUnit || '';
      if (tip.kbench === 'percentile') {
        tip.callbacks = {
          title: function (items) { return 'percentile ' + percentileOf(items[0].parsed.x); },
          label: function (item) { return item.dataset.label + ': ' + num(item.parsed.y) + ' ' + unit; }
        };
      } else if (tip.kbench === 'range') {
        tip.callbacks = {
          label: function (item) {
            var r = item.raw;
            return item.dataset.label + ': ' + (Array.isArray(r) ? num(r[0]) + ' .. ' + num(r[1]) : num(item.parsed.y)) + ' ' + unit;
          }
        };
      }
      delete tip.kbench; delete tip.kbenchUnit;
    }
    return config;
  }
  // Whether every legend label was laid out inside the canvas: a legend with more rows than the chart's height
  // leaves, or a label wider than the chart, is cut off (checked in headless Chromium by ReportBrowserIT).
  function legendFits(chart) {
    var legend = chart.legend;
    if (!legend || !legend.options.display) { return true; }
    var boxes = legend.legendHitBoxes || [];
    if (boxes.length < (legend.legendItems || []).length) { return false; }
    return boxes.every(function (b) {
      return b.left >= -0.5 && b.left + b.width <= chart.width + 0.5 && b.top >= -0.5 && b.top + b.height <= chart.height + 0.5;
    });
  }
  var rendered = 0;
  data.charts.forEach(function (c) {
    var box = document.getElementById(c.id);
    try {
      var canvas = document.createElement('canvas');
      canvas.setAttribute('role', 'img');
      box.appendChild(canvas);
      var chart = new Chart(canvas, prepare(c.config));
      box.setAttribute('data-rendered', 'true');
      box.setAttribute('data-legend-fits', String(legendFits(chart)));
      rendered++;
    } catch (e) {
      console.error('chart ' + c.id + ': ' + e);
    }
  });
  document.documentElement.setAttribute('data-charts-rendered', String(rendered));
})();
