// Screenshots of the reproduction report in headless Chromium (issue 25): docs/report/summary.png,
// the summary at the top of index.html, and docs/report/plots.png, the plots that carry the
// papers' reference lines and markers, each shot from index.html and laid out side by side.
//
//   npm install --prefix /tmp/pw playwright-core@1      # once; uses Debian's /usr/bin/chromium
//   NODE_PATH=/tmp/pw/node_modules node scripts/report_screenshots.js $PWD/docs/report/index.html docs/report
const { chromium } = require('playwright-core');
(async () => {
  const [,, html, outdir] = process.argv;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
  await page.goto('file://' + html);
  // The summary: from the top to the end of the summary table.
  const table = await page.locator('table').first().boundingBox();
  await page.screenshot({ path: outdir + '/summary.png', fullPage: true,
                          clip: { x: 0, y: 0, width: 1280, height: Math.ceil(table.y + table.height + 20) } });
  // Plots with the papers' reference lines: Figure 5.1 (the paper's fit), Fig. 12 (18 at 35,
  // 6), the node-type picture, and Table 4-style speedup plots; one image with all of them.
  const want = ['Figure 5.1', 'RBFM speedup (master–slave', 'node types found, chess', 'Speedup vs processors, incremental b=10 d=8'];
  const svgs = page.locator('svg');
  const n = await svgs.count();
  const picked = [];
  for (let i = 0; i < n; i++) {
    const t = await svgs.nth(i).textContent();
    if (want.some(w => t.includes(w))) picked.push(i);
  }
  const shots = [];
  for (const i of picked) shots.push((await svgs.nth(i).screenshot()).toString('base64'));
  const grid = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await grid.setContent('<body style="margin:0;background:#fff">' +
    shots.map(b => `<img style="width:636px;margin:2px;vertical-align:top" src="data:image/png;base64,${b}">`).join('') + '</body>');
  await grid.screenshot({ path: outdir + '/plots.png', fullPage: true });
  console.log('summary.png and plots.png of', picked.length, 'plots');
  await browser.close();
})();
