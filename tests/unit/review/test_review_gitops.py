"""kinds/gitops/review.py: the root applier and the Flux bootstrap folder's objects are applied by hand: their changes say
how, and that nothing prunes the bootstrap folder."""

from __future__ import annotations

from support.review_trees import obj, tree

from karpenter_tenants.review.plan import plan


def test_a_root_applier_change_says_to_apply_it_by_hand_after_merging() -> None:
    before, after = (obj("Kustomization", "acme-root", "flux-system", spec={"interval": i}) for i in ("5m", "10m"))
    [change] = plan(tree(before, folder="flux"), tree(after, folder="flux"))
    assert change.why.endswith(
        "; the root is applied by hand: after merging run `kubectl apply -k dist/acme/flux` "
        "(nothing to do where `flux bootstrap`'s folder lists dist/acme/flux)"
    )
    [argocd] = plan({}, tree(obj("Application", "acme-root", "argocd"), folder="argocd"))  # new: last, or by adopt
    assert (
        "apply it last, after merging (Flux and Argo CD read dist/ from Git): `kubectl apply -n argocd -f "
        "dist/acme/argocd/application-acme-root.yaml`; where Karpenter"
    ) in argocd.why
    changed = [obj("Application", "acme-root", "argocd", spec={"project": p}) for p in ("a", "b")]
    [argocd] = plan(tree(changed[0], folder="argocd"), tree(changed[1], folder="argocd"))
    assert argocd.why.endswith(
        "after merging run `kubectl apply -n argocd -f dist/acme/argocd/application-acme-root.yaml`"
    )


def test_a_bootstrap_folder_object_is_applied_by_hand_before_merging_and_deleted_by_hand() -> None:
    account = obj("ServiceAccount", "flux-applier", "flux-system")
    [added] = plan({}, tree(account, folder="flux"))
    assert added.why.endswith(
        "applied by hand with the root, not by Flux: run `kubectl apply -k dist/acme/flux` before "
        "merging (the stages need it first)"
    )
    [removed] = plan(tree(account, folder="flux"), {})
    assert removed.why.endswith(
        "nothing prunes the bootstrap folder: delete it yourself once nothing uses it "
        "(`kubectl delete -n flux-system serviceaccount flux-applier`)"
    )


def test_an_object_of_the_stages_folder_is_applied_by_flux() -> None:
    [change] = plan({}, tree(obj("Kustomization", "acme-karpenter", "flux-system"), folder="flux/stages"))
    assert change.why == "new object; no existing node is replaced"


def test_the_root_and_the_bootstrap_objects_of_one_pull_request_get_one_instruction() -> None:
    """The pull request that declares the move adds the root and the bootstrap folder's objects beside it: one
    `kubectl apply -k dist/acme/flux` applies both, after merging and last (as `adopt` applies it), said so on both
    lines, with `adopt` named for a cluster where Karpenter was installed by hand. A later pull request that changes
    the bootstrap objects beside a running root applies them before merging, the root's change with them."""
    root = obj("Kustomization", "acme-root", "flux-system", spec={"interval": "10m"})
    account = obj("ServiceAccount", "flux-applier", "flux-system")
    changes = plan({}, tree(root, account, folder="flux"))
    whys = {c.kind: c.why for c in changes}
    assert not any("before merging" in why for why in whys.values()), whys
    assert "after merging, last" in whys["ServiceAccount"]
    assert "apply it last, after merging" in whys["Kustomization"]
    assert "run `python main.py adopt acme --format sh` instead" in whys["Kustomization"]
    assert all("`kubectl apply -k dist/acme/flux`" in why for why in whys.values())
    # the root alone says the same
    [alone] = plan({}, tree(root, folder="flux"))
    assert (
        "apply it last, after merging (Flux and Argo CD read dist/ from Git): `kubectl apply -k dist/acme/flux`"
        in alone.why
    )
    # a running root: the bootstrap objects before merging, and the root's own change with them
    changed = obj("Kustomization", "acme-root", "flux-system", spec={"interval": "5m"})
    later = {c.kind: c.why for c in plan(tree(changed, folder="flux"), tree(root, account, folder="flux"))}
    assert "before merging" in later["ServiceAccount"] and "before merging" in later["Kustomization"]
