// Bench-only side channel shared by the three server start scripts: with `--report-rss`, the
// process answers SIGUSR2 by printing `rss <bytes>` on stderr, so the bench can read the
// server's own resident set size after a load run without adding an endpoint that the
// measured requests would have to route around.
export function reportRssOnSignal(argv = process.argv) {
  if (!argv.includes("--report-rss")) return;
  process.on("SIGUSR2", () => {
    process.stderr.write(`rss ${process.memoryUsage().rss}\n`);
  });
}
