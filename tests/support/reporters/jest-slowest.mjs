// A jest reporter: after the run, the count of tests by outcome and the 15 slowest test files, so a
// regression in the suite's own time is seen in every run's output (docs/testing.md keeps the budget).
import path from "node:path";

const SHOWN = 15;

/** "api 812 s (150 files), production 1,204 s (40 files), …", the largest first. */
function byProject(files) {
  const sums = new Map();
  for (const file of files) {
    const sum = sums.get(file.project) ?? { seconds: 0, count: 0 };
    sums.set(file.project, { seconds: sum.seconds + file.seconds, count: sum.count + 1 });
  }
  return [...sums]
    .sort(([, a], [, b]) => b.seconds - a.seconds)
    .map(([project, sum]) => `${project || "(none)"} ${sum.seconds.toFixed(0)} s (${sum.count} files)`)
    .join(", ");
}

class SlowestFiles {
  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((file) => ({
        file: path.relative(process.cwd(), file.testFilePath),
        project: file.displayName?.name ?? "",
        seconds: (file.perfStats.end - file.perfStats.start) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    const total = files.reduce((sum, file) => sum + file.seconds, 0);
    const lines = [
      "",
      `jest: ${results.numTotalTests} tests (${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped, ${results.numTodoTests} todo) in ${files.length} files; ${total.toFixed(0)} s of file time`,
      `jest: file time by project: ${byProject(files)}`,
      `jest: the ${Math.min(SHOWN, files.length)} slowest files`,
      ...files.slice(0, SHOWN).map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.project.padEnd(12)} ${f.file}`),
      "",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}

export default SlowestFiles;
