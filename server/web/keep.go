package web

import "sync"

// A Keep keeps values computed from the database (a season's board, a
// rendered page) under the version of the data they were computed from,
// read from the database first: a value is used again only while the
// version read by the request is the one it was computed at, so a change
// committed on any instance shows on the next request. Requests that miss
// the same key at once wait for one computation. At most max values are
// kept; when full, one is dropped for each new one.
type Keep[V any] struct {
	max     int
	mu      sync.Mutex
	values  map[string]keptValue[V]
	pending map[string]*keepCall[V]
}

type keptValue[V any] struct {
	version string
	value   V
}

type keepCall[V any] struct {
	version string
	done    chan struct{}
	value   V
	err     error
}

// NewKeep is a Keep of at most max values.
func NewKeep[V any](max int) *Keep[V] {
	return &Keep[V]{max: max, values: map[string]keptValue[V]{}, pending: map[string]*keepCall[V]{}}
}

// Get is key's value at version: the one kept, else compute's, kept.
// The version must be read before compute reads anything, so a value is
// never kept under a version newer than what it shows.
func (k *Keep[V]) Get(key, version string, compute func() (V, error)) (V, error) {
	k.mu.Lock()
	if v, ok := k.values[key]; ok && v.version == version {
		k.mu.Unlock()
		return v.value, nil
	}
	if call, ok := k.pending[key]; ok && call.version == version {
		k.mu.Unlock()
		<-call.done
		return call.value, call.err
	}
	call := &keepCall[V]{version: version, done: make(chan struct{})}
	k.pending[key] = call
	k.mu.Unlock()

	call.value, call.err = compute()
	k.mu.Lock()
	if k.pending[key] == call {
		delete(k.pending, key)
	}
	if call.err == nil {
		k.keepLocked(key, keptValue[V]{version, call.value})
	}
	k.mu.Unlock()
	close(call.done)
	return call.value, call.err
}

func (k *Keep[V]) keepLocked(key string, v keptValue[V]) {
	if _, ok := k.values[key]; !ok && len(k.values) >= k.max {
		for other := range k.values {
			delete(k.values, other)
			break
		}
	}
	k.values[key] = v
}
