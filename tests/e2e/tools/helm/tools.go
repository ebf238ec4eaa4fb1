//go:build tools

// Keeps the main packages in go.mod for `go mod tidy`.
package tools

import (
	_ "github.com/distribution/distribution/v3/cmd/registry"
	_ "github.com/fluxcd/helm-controller"
)
