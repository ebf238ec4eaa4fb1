//go:build tools

// Keeps the binary's package in go.mod for `go mod tidy`.
package tools

import (
	_ "github.com/opentofu/opentofu/cmd/tofu"
)
