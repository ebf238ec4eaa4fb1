//go:build tools

// Keeps the kwok provider's main package in go.mod for `go mod tidy`.
package tools

import (
	_ "sigs.k8s.io/karpenter/kwok"
)
