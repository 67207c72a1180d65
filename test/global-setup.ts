import { execFileSync } from "node:child_process";

/** CLI tests run the bundled `state51`; build it from the current source first. */
export default function setup(): void {
  execFileSync(process.execPath, ["src/cli/bundle.mjs"], { stdio: "inherit" });
}
