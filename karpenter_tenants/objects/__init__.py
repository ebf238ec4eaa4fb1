"""What every kind writes with and reads back with, below kinds/ so that a kind imports nothing above it: the names
and labels its charts share (common), the folder chart its objects go to (folder), dist/'s objects read back
(dist_objects), `plan`'s change model (changes) and an object's review (review), and CEL as the API server evaluates
it (cel, cel_kubernetes: the CRDs' rules and the isolation policy). Imports config only."""
