import { loadDeferredParts } from '../deferred-parts'

// The app fetches these right after its first frame; tests start with them there, as a person
// who clicks anything does.
await loadDeferredParts()
