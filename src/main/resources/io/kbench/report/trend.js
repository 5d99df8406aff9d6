// Draws each KPI over time from the JSON kbench history embedded in the page: one point per run coloured by its
// environment group, the mean +- standard deviation of each segment between change points as the spread, change
// points as red triangles; clicking a point opens that run's report. One section per series (one workload under one
// set of settings), each drawn on its own.
(function () {
  const history = JSON.parse(document.getElementById('history-data').textContent);
  const container = document.getElementById('series');
  const element = (parent, tag, text, cls) => {
    const e = document.createElement(tag);
    if (text) e.textContent = text;
    if (cls) e.className = cls;
    parent.appendChild(e);
    return e;
  };
  if (!history.series.length) element(container, 'p', 'no runs match');
  history.series.forEach((data, n) => {
    const section = element(container, 'section', null, 'series');
    element(section, 'h2', 'series ' + (n + 1) + ' of ' + history.series.length + ': ' + data.workload + ' (' + data.runs.length + ' runs)');
    element(section, 'p', 'settings: ' + data.key, 'sub');
    const envDiv = element(section, 'div');
    const charts = element(section, 'div');
    element(section, 'h3', 'Change points');
    const list = element(section, 'ul');
    element(section, 'h3', 'Runs');
    const table = element(section, 'table');
    render(data, envDiv, charts, list, table);
  });

  function render(data, envDiv, charts, list, table) {
  const colours = ['#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#17becf'];
  const groups = [...new Set(data.runs.map(r => r.environmentGroup))].sort();
  const colourOf = g => colours[groups.indexOf(g) % colours.length];
  const label = r => r.startedAt.replace('T', ' ').replace(/\..*$/, '').replace('Z', '');

  groups.forEach(g => {
    const run = data.runs.find(r => r.environmentGroup === g);
    const e = run.environment;
    const span = document.createElement('span');
    span.className = 'env';
    span.innerHTML = '<span class="swatch"></span>';
    span.firstChild.style.background = colourOf(g);
    // A part the run did not record (an external cluster's broker version) is left out, never shown as null.
    const parts = [e.clusterShape];
    if (e.kafkaBrokerVersion) parts.push('Kafka ' + e.kafkaBrokerVersion);
    if (e.clientJdk) parts.push('JDK ' + e.clientJdk);
    parts.push(e.cores + ' cores');
    if (e.host) parts.push('host ' + e.host);
    span.appendChild(document.createTextNode('environment ' + g + ': ' + parts.join(', ')));
    envDiv.appendChild(span);
  });

  function segments(kpi) {
    const cuts = kpi.changes.filter(c => !c.isolated).map(c => c.index).sort((a, b) => a - b);
    const isolated = new Set(kpi.changes.filter(c => c.isolated).map(c => c.index));
    const bounds = [0, ...cuts, kpi.values.length];
    const mean = [], low = [], high = [];
    for (let s = 0; s + 1 < bounds.length; s++) {
      const vals = [];
      for (let i = bounds[s]; i < bounds[s + 1]; i++) if (!isolated.has(i)) vals.push(kpi.values[i]);
      const m = vals.reduce((a, b) => a + b, 0) / Math.max(vals.length, 1);
      const sd = Math.sqrt(vals.reduce((a, b) => a + (b - m) * (b - m), 0) / Math.max(vals.length - 1, 1));
      for (let i = bounds[s]; i < bounds[s + 1]; i++) { mean.push(m); low.push(m - sd); high.push(m + sd); }
    }
    return { mean, low, high };
  }

  data.kpis.forEach(kpi => {
    const div = document.createElement('div');
    div.className = 'chart';
    const canvas = document.createElement('canvas');
    div.appendChild(canvas);
    charts.appendChild(div);
    const runs = kpi.runs.map(i => data.runs[i]);
    const changed = new Set(kpi.changes.map(c => c.index));
    const seg = segments(kpi);
    // A KPI every run measured alike would get an axis of rounding noise: give it +-10% around its value.
    const lo = Math.min(...kpi.values), hi = Math.max(...kpi.values);
    const flat = hi - lo <= Math.abs(hi) * 1e-9;
    new Chart(canvas, {
      type: 'line',
      data: {
        labels: runs.map(label),
        datasets: [
          { label: kpi.kpi + ' (' + kpi.unit + ')', data: kpi.values, showLine: false,
            pointBackgroundColor: runs.map((r, i) => changed.has(i) ? '#d62728' : colourOf(r.environmentGroup)),
            pointStyle: runs.map((r, i) => changed.has(i) ? 'triangle' : 'circle'),
            pointRadius: runs.map((r, i) => changed.has(i) ? 9 : 5), clip: false },
          { label: 'segment mean', data: seg.mean, borderColor: '#555', borderDash: [4, 3], pointRadius: 0, fill: false },
          { label: 'mean - sd', data: seg.low, borderColor: 'rgba(0,0,0,0)', pointRadius: 0, fill: false },
          { label: 'spread (mean +- sd)', data: seg.high, borderColor: 'rgba(0,0,0,0)', backgroundColor: 'rgba(100,100,100,0.15)',
            pointRadius: 0, fill: '-1' }
        ]
      },
      options: {
        animation: false, maintainAspectRatio: false,
        plugins: { title: { display: true, text: kpi.kpi + ' (' + kpi.unit + ', ' + (kpi.higherIsBetter ? 'higher' : 'lower') + ' is better)' },
          legend: { labels: { filter: item => item.text !== 'mean - sd' } } },
        scales: { y: { title: { display: true, text: kpi.unit },
          min: flat ? lo - Math.max(Math.abs(lo) * 0.1, 1e-6) : undefined,
          max: flat ? hi + Math.max(Math.abs(hi) * 0.1, 1e-6) : undefined,
          ticks: { callback: v => Number(Number(v).toPrecision(6)).toLocaleString('en-US') } } },
        onClick: (evt, elements) => {
          if (elements.length && elements[0].datasetIndex === 0) window.location.href = runs[elements[0].index].report;
        }
      }
    });
  });

  let any = false;
  data.kpis.forEach(kpi => kpi.changes.forEach(c => {
    any = true;
    const li = document.createElement('li');
    li.className = c.verdict === 'REGRESSION' ? 'regression' : c.verdict === 'IMPROVEMENT' ? 'improvement' : 'undecided';
    const a = document.createElement('a');
    a.href = data.runs[c.runIndex].report;
    a.textContent = c.text;
    li.appendChild(a);
    list.appendChild(li);
  }));
  if (!any) list.innerHTML = '<li>none</li>';
  const detectable = data.kpis.filter(k => k.detectableShift !== undefined)
    .map(k => k.kpi + ' ' + (k.detectableShift * 100).toFixed(1) + '%');
  if (detectable.length) {
    const li = document.createElement('li');
    li.textContent = 'smallest shift these ' + data.runs.length + ' runs could show in their middle (80% power, significance '
      + history.significance + '): ' + detectable.join(', ');
    list.appendChild(li);
  }

  const head = table.insertRow();
  ['run', 'started (UTC)', 'env', ...data.kpis.map(k => k.kpi + ' ' + k.unit), 'limited by'].forEach(h => {
    const th = document.createElement('th'); th.textContent = h; head.appendChild(th);
  });
  data.runs.forEach((r, i) => {
    const row = table.insertRow();
    const marked = data.kpis.some(k => k.changes.some(c => c.runIndex === i));
    if (marked) row.className = 'marked';
    const a = document.createElement('a'); a.href = r.report; a.textContent = r.label;
    row.insertCell().appendChild(a);
    row.insertCell().textContent = label(r);
    row.insertCell().textContent = r.environmentGroup;
    data.kpis.forEach(k => {
      const at = k.runs.indexOf(i);
      row.insertCell().textContent = at < 0 ? '-' : k.values[at].toLocaleString('en-US', { maximumFractionDigits: 2 });
    });
    row.insertCell().textContent = r.diagnosis ? r.diagnosis.limitedBy : '-';
  });
  }
})();
