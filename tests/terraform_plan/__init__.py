"""The plan suite's tools (tests/product/test_terraform_plan.py): the pinned OpenTofu CLI (tofu/go.mod) and the stand-in AWS
provider (aws-provider/), built from Go like the e2e suite's binaries, and a runner of `tofu` in temporary root
modules that call terraform/."""
