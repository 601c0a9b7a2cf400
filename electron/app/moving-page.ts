/** The page of the window shown while the job history moves into the database (./moving-window.ts): plain HTML, no script. */
const count = new Intl.NumberFormat('en-US');

/** The page for "done of total", with a CSP that allows nothing but its own inline style. */
export function movingPage(done: number, total: number): string {
  const d = count.format(done);
  const t = count.format(total);
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<title>Asset Studio</title><style>',
    'body{margin:0;padding:20px 24px;background:#16181d;color:#e6e8ee;font:14px/1.45 system-ui,sans-serif}',
    'h1{font-size:15px;margin:0 0 12px}progress{width:100%;height:10px}p{margin:10px 0 0;color:#b4b9c6}',
    '</style></head><body>',
    '<h1>Moving your job history into the database</h1>',
    `<progress max="${total}" value="${done}"></progress>`,
    `<p>${d} of ${t} jobs. Once, after an update; if it stops, it goes on from there next time.</p>`,
    '</body></html>',
  ].join('');
}
