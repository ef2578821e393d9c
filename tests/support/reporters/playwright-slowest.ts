// A Playwright reporter: after the run, the count of tests by outcome and the 15 slowest tests, so
// a regression in the suite's own time is seen in every run's output (docs/testing.md keeps the budget).
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

const SHOWN = 15;

export default class SlowestTests implements Reporter {
  private readonly tests: { title: string; seconds: number; status: TestResult["status"] }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.split("/tests/").pop() ?? test.location.file;
    this.tests.push({ title: `${file} › ${test.title}`, seconds: result.duration / 1000, status: result.status });
  }

  onEnd(result: FullResult): void {
    if (this.tests.length === 0) return;
    const count = (status: TestResult["status"]) => this.tests.filter((t) => t.status === status).length;
    const slowest = [...this.tests].sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN);
    const lines = [
      "",
      `playwright: ${this.tests.length} tests (${count("passed")} passed, ${count("failed") + count("timedOut")} failed, ${count("skipped")} skipped): ${result.status}`,
      `playwright: the ${slowest.length} slowest tests`,
      ...slowest.map((t) => `  ${t.seconds.toFixed(1).padStart(7)} s  ${t.title}`),
      "",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
