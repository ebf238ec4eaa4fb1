// etcd server binary, the same as upstream's main (go.etcd.io/etcd/v3), built from the server
// module that k8s.io/kubernetes pins so that the tools module stays one build.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() {
	etcdmain.Main(os.Args)
}
