gpu_types = ["g5.xlarge", "g5.2xlarge"]
