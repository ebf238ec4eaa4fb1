"""TenantBuffersChart: a tenant's CapacityBuffers (Karpenter >= 1.14, autoscaling.x-k8s.io/v1beta1) and the
PodTemplates of their chunks, in `dist/<cluster>/tenants/<tenant>/buffers/`. Imports config, objects, kinds.buffer.fields, cdk8s and imports/ (its CapacityBuffer classes, when a buffer is built) only."""

from __future__ import annotations

from cdk8s import ApiObject, ApiObjectMetadata
from cdk8s_plus_33 import k8s
from constructs import Construct

from karpenter_tenants.config.resolved import ResolvedTenant
from karpenter_tenants.config.schema.buffers import BUFFER_IMAGE, Buffer
from karpenter_tenants.config.schema.specs import TaintSpec
from karpenter_tenants.kinds.buffer.fields import folder
from karpenter_tenants.objects.common import BUFFER_POD_TEMPLATE_PREFIX, quantity
from karpenter_tenants.objects.folder import FolderChart

LAYER = "charts"  # this module's layer (kinds/__init__.py)

# checkov's pod checks that cannot hold for a chunk no one runs, skipped on the PodTemplate alone (checkov reads
# `checkov.io/skip<N>: <check>=<reason>` annotations); its security context and limits pass the others.
BUFFER_SCANNER_SKIPS = {
    f"checkov.io/skip{i}": f"{check}=a CapacityBuffer's chunk: Karpenter only simulates its pods, none is created or run"
    for i, check in enumerate(("CKV_K8S_8", "CKV_K8S_9", "CKV_K8S_43"), start=1)
}


class TenantBuffersChart(FolderChart):
    """`dist/<cluster>/tenants/<tenant>/buffers/`: the tenant's CapacityBuffers (tenants[].buffers, construct ids
    `buffer-<name>`), each with the PodTemplate of its chunk (`pod-template-<name>`, unless it refers to a workload),
    applied by their own stage after the node pools. The PodTemplate's pods select and tolerate the tenant's nodes
    (and the pool's, with `pool`), as the isolation policy wants a tenant's pods to.

    Props (keyword-only): `tenant`, the resolved tenant (config.resolved.ResolvedTenant: its `buffers`, each `pool`
    one of its `pools`)."""

    POD_TEMPLATE_PREFIX = BUFFER_POD_TEMPLATE_PREFIX

    def __init__(self, scope: Construct, id: str, *, tenant: ResolvedTenant) -> None:
        from karpenter_tenants.imports.capacity_buffer_v1beta1.io.x_k8s.autoscaling import (
            CapacityBuffer,
            CapacityBufferSpec,
            CapacityBufferSpecLimits,
            CapacityBufferSpecPodTemplateRef,
            CapacityBufferSpecScalableRef,
        )

        resolved, config = tenant, tenant.tenant
        pools = {pool.pool: pool for pool in resolved.node_pools}
        unknown = [b.pool for b in config.buffers if b.pool is not None and b.pool not in pools]
        if unknown:
            raise ValueError(
                f"TenantBuffersChart: tenant {config.name!r} has no pool {unknown[0]!r} "
                "(tenant.buffers[].pool names one of tenant.pools)"
            )
        super().__init__(scope, id, folder=folder(config.name))
        self.pod_templates: dict[str, ApiObject] = {}
        self.buffers: dict[str, ApiObject] = {}
        labels = dict(resolved.object_labels)
        for buffer in config.buffers:
            namespace = config.buffer_namespace(buffer)
            template_ref = scalable_ref = None
            if buffer.scalable is not None:
                scalable = buffer.scalable
                scalable_ref = CapacityBufferSpecScalableRef(
                    kind=scalable.kind, name=scalable.name, api_group=scalable.api_group
                )
            else:
                pool = pools[buffer.pool] if buffer.pool is not None else None
                taints = pool.taints if pool is not None else resolved.taints
                template = self._pod_template(
                    taints, buffer, namespace, pool.name if pool is not None else None, labels
                )
                self.pod_templates[buffer.name] = template
                template_ref = CapacityBufferSpecPodTemplateRef(name=template.name)
            self.buffers[buffer.name] = CapacityBuffer(
                self,
                f"buffer-{buffer.name}",
                metadata=ApiObjectMetadata(name=buffer.name, namespace=namespace, labels=labels),
                spec=CapacityBufferSpec(
                    pod_template_ref=template_ref,
                    scalable_ref=scalable_ref,
                    replicas=buffer.replicas,
                    percentage=buffer.percentage,
                    limits={k: quantity(CapacityBufferSpecLimits, v) for k, v in sorted(buffer.limits.items())} or None,
                ),
            )

    def _pod_template(
        self,
        taints: tuple[TaintSpec, ...],
        buffer: Buffer,
        namespace: str,
        node_pool: str | None,
        labels: dict[str, str],
    ) -> ApiObject:
        """A chunk's shape: the buffer's requests (and limits equal to them), on the tenant's nodes (the pool's, with
        `pool`), tolerating their taints; hardened like any pod of the product's, though none is ever created."""
        selector = {**labels, **({"karpenter.sh/nodepool": node_pool} if node_pool else {})}
        tolerations = [
            k8s.Toleration(
                key=t.key, operator="Equal" if t.value is not None else "Exists", value=t.value, effect=t.effect
            )
            for t in taints
        ]
        requests = {k: quantity(k8s.Quantity, v) for k, v in sorted(buffer.requests.items())}
        # Limits equal to the requests: Kubernetes wants them for extended resources (nvidia.com/gpu), and they make
        # the chunk a Guaranteed pod of exactly that size; Karpenter sizes it by its requests either way.
        limits = {k: quantity(k8s.Quantity, v) for k, v in sorted(buffer.requests.items())}
        return k8s.KubePodTemplate(
            self,
            f"pod-template-{buffer.name}",
            metadata=k8s.ObjectMeta(
                name=self.POD_TEMPLATE_PREFIX + buffer.name,
                namespace=namespace,
                labels=labels,
                annotations=BUFFER_SCANNER_SKIPS,
            ),
            template=k8s.PodTemplateSpec(
                metadata=k8s.ObjectMeta(labels=labels),
                spec=k8s.PodSpec(
                    node_selector=selector,
                    tolerations=tolerations or None,
                    security_context=k8s.PodSecurityContext(
                        run_as_non_root=True,
                        run_as_user=65535,
                        seccomp_profile=k8s.SeccompProfile(type="RuntimeDefault"),
                    ),
                    containers=[
                        k8s.Container(
                            name="buffer",
                            image=BUFFER_IMAGE,
                            image_pull_policy="Always",
                            resources=k8s.ResourceRequirements(requests=requests, limits=limits),
                            security_context=k8s.SecurityContext(
                                allow_privilege_escalation=False,
                                read_only_root_filesystem=True,
                                capabilities=k8s.Capabilities(drop=["ALL"]),
                            ),
                        )
                    ],
                ),
            ),
        )
