//go:build tools

// Keeps the kwok node controller's main package in go.mod for `go mod tidy`.
package tools

import (
	_ "sigs.k8s.io/kwok/cmd/kwok"
)
