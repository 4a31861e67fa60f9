// Vitest global setup: tests that drive the built CLI, web host or preload need a current build.
import { buildIfStale } from './build-if-stale.mjs'

export default function setup() {
  if (buildIfStale() !== 0) throw new Error('the build failed; run `npm run build` to see why')
}
