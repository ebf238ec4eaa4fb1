//go:build tools

// Keeps the controllers' main packages in go.mod for `go mod tidy`.
package tools

import (
	_ "github.com/fluxcd/kustomize-controller"
	_ "github.com/fluxcd/source-controller"
)
