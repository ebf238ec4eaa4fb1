package main

import (
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// WorldEnv names the JSON file that holds what exists in the stand-in's AWS account:
//
//	{
//	  "account_id": "001234567890",
//	  "roles": {"<name>": {"arn": "arn:aws:iam::001234567890:role/<path><name>", "assume_role_policy": {...} or "...",
//	                       "description": "", "max_session_duration": 3600, "permissions_boundary": "", "tags": {}}},
//	  "instance_profiles": {"<name>": {"role": "<role name>", "path": "/"}}
//	}
//
// The partition is the configured region's, as the real provider derives it.
const WorldEnv = "KARPENTER_TENANTS_AWS_WORLD"

type worldRole struct {
	ARN                 string            `json:"arn"`
	AssumeRolePolicy    json.RawMessage   `json:"assume_role_policy"`
	Description         string            `json:"description"`
	MaxSessionDuration  int64             `json:"max_session_duration"`
	PermissionsBoundary string            `json:"permissions_boundary"`
	Tags                map[string]string `json:"tags"`
}

type worldProfile struct {
	Role string `json:"role"`
	Path string `json:"path"`
}

type world struct {
	AccountID        string                  `json:"account_id"`
	Roles            map[string]worldRole    `json:"roles"`
	InstanceProfiles map[string]worldProfile `json:"instance_profiles"`
}

func loadWorld() (*world, error) {
	name := os.Getenv(WorldEnv)
	if name == "" {
		return nil, fmt.Errorf("the stand-in AWS provider reads what exists in AWS from the JSON file named by $%s, which is not set", WorldEnv)
	}
	text, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("reading the stand-in's world ($%s): %w", WorldEnv, err)
	}
	w := &world{}
	decoder := json.NewDecoder(strings.NewReader(string(text)))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(w); err != nil {
		return nil, fmt.Errorf("%s ($%s): %w", name, WorldEnv, err)
	}
	if len(w.AccountID) != 12 {
		return nil, fmt.Errorf("%s ($%s): account_id must be 12 digits, not %q", name, WorldEnv, w.AccountID)
	}
	return w, nil
}

// assumeRolePolicy is the trust policy as the real data source returns it: the JSON document, URL-decoded.
func (r worldRole) assumeRolePolicy() string {
	var text string
	if json.Unmarshal(r.AssumeRolePolicy, &text) == nil {
		return text
	}
	return string(r.AssumeRolePolicy)
}

// partition is what the real provider derives from its region (endpoints' partitions).
type partition struct{ id, dnsSuffix, reverseDNSPrefix string }

func partitionOf(region string) partition {
	switch {
	case strings.HasPrefix(region, "cn-"):
		return partition{"aws-cn", "amazonaws.com.cn", "cn.com.amazonaws"}
	case strings.HasPrefix(region, "us-gov-"):
		return partition{"aws-us-gov", "amazonaws.com", "com.amazonaws"}
	case strings.HasPrefix(region, "us-isob-"):
		return partition{"aws-iso-b", "sc2s.sgov.gov", "gov.sgov.sc2s"}
	case strings.HasPrefix(region, "us-iso-"):
		return partition{"aws-iso", "c2s.ic.gov", "gov.ic.c2s"}
	case strings.HasPrefix(region, "eu-isoe-"):
		return partition{"aws-iso-e", "cloud.adc-e.uk", "uk.adc-e.cloud"}
	case strings.HasPrefix(region, "us-isof-"):
		return partition{"aws-iso-f", "csp.hci.ic.gov", "gov.ic.hci.csp"}
	}
	return partition{"aws", "amazonaws.com", "com.amazonaws"}
}

// uniqueID is an id of AWS's shape (a prefix and 17 upper-case letters and digits), the same for the same seed.
func uniqueID(prefix, seed string) string {
	sum := sha256.Sum256([]byte(seed))
	return prefix + base32.StdEncoding.EncodeToString(sum[:])[:21-len(prefix)]
}

func lowerID(prefix, seed string, length int) string {
	sum := sha256.Sum256([]byte(seed))
	return prefix + fmt.Sprintf("%x", sum)[:length]
}
