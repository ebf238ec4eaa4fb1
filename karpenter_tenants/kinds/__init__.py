"""One folder per kind of object the product writes, each holding that kind whole: its facts (`fields`), its cdk8s
construct and writers (`construct`, one module per API generation or engine), which of its changes replace nodes
(`drift`) and `plan`'s review of it (`review`).

Each module of a kind declares its own layer, at module level after its imports: `LAYER = "charts"`, the package
(tests/support/import_graph.py LAYERS) whose layer it sits on, and so what it may import: facts (`fields`) sit on
config's, constructs and writers on charts', drift and review on review's. As a folder, kinds/ sits on one level: it
imports config, reference and objects (what the kinds share: labels, FolderChart, the change model, ObjectReview, CEL)
only, and charts/, review/, checks/ and the commands import it; a kind's facts that config's rules read live in config
(config/node_pool_fields.py, config/gitops_engines.py). The import graph reads it from the source,
never importing the module; the file's name says nothing, and a module that declares no layer fails
tests/product/test_layers.py (`grep -rn '^LAYER = ' karpenter_tenants/kinds` lists them). An import under
`if TYPE_CHECKING:` never runs and is no edge of the graph: a module may name a higher layer's or a sibling's type for
its annotations there (it must still exist). A kind's package imports nothing; a kind imports no other kind's modules
but its `fields`, not even for types.

- node_pool/: NodePool + EC2NodeClass (Karpenter 1.x), Provisioner + AWSNodeTemplate (0.31);
- quota/: a tenant's ResourceQuotas; buffer/: its CapacityBuffers; overlay/: NodeOverlays;
- isolation/: the admission policies that keep tenants apart, their review, `preflight` and plan's deny switch;
- controller/: the Karpenter chart's values, the review of what installs it and the adoption of a release by hand;
- gitops/: the appliers that install a cluster's output in order (Flux Kustomizations and HelmReleases, Argo CD
  Applications; or none, plain `kubectl apply -k` of each stage folder), each engine behind one Engine protocol."""
