"""One folder per kind of object the product writes, each holding that kind whole: its facts (`fields`), its cdk8s
construct and writers (`construct`, one module per API generation or engine), which of its changes replace nodes
(`drift`) and `plan`'s review of it (`review`). A module's name says its role and so its layer
(tests/support/import_graph.py ROLE_LAYER): `fields` sits with config, writers with charts, drift and review with review.
A kind's package imports nothing; a kind imports no other kind's modules but its `fields`.

- node_pool/: NodePool + EC2NodeClass (Karpenter 1.x), Provisioner + AWSNodeTemplate (0.31);
- quota/: a tenant's ResourceQuotas; buffer/: its CapacityBuffers; overlay/: NodeOverlays;
- gitops/: the appliers that install a cluster's output in order (Flux Kustomizations and HelmReleases, Argo CD
  Applications), each engine behind one Engine protocol."""
