"""review/gitops.py: the root applier and the Flux bootstrap folder's objects are applied by hand: their changes say
how, and that nothing prunes the bootstrap folder."""

from __future__ import annotations

from review_trees import obj, tree

from karpenter_tenants.review.plan import plan


def test_a_root_applier_change_says_to_apply_it_by_hand_after_merging() -> None:
    before, after = (obj("Kustomization", "acme-root", "flux-system", spec={"interval": i}) for i in ("5m", "10m"))
    [change] = plan(tree(before, folder="flux"), tree(after, folder="flux"))
    assert change.why.endswith("; the root is applied by hand: after merging run `kubectl apply -k dist/acme/flux` "
                               "(nothing to do where `flux bootstrap`'s folder lists dist/acme/flux)")
    [argocd] = plan({}, tree(obj("Application", "acme-root", "argocd"), folder="argocd"))
    assert argocd.why.endswith("after merging run `kubectl apply -n argocd -f dist/acme/argocd/application-acme-root.yaml`")


def test_a_bootstrap_folder_object_is_applied_by_hand_before_merging_and_deleted_by_hand() -> None:
    account = obj("ServiceAccount", "flux-applier", "flux-system")
    [added] = plan({}, tree(account, folder="flux"))
    assert added.why.endswith("applied by hand with the root, not by Flux: run `kubectl apply -k dist/acme/flux` before "
                              "merging (the stages need it first)")
    [removed] = plan(tree(account, folder="flux"), {})
    assert removed.why.endswith("nothing prunes the bootstrap folder: delete it yourself once nothing uses it "
                                "(`kubectl delete -n flux-system serviceaccount flux-applier`)")


def test_an_object_of_the_stages_folder_is_applied_by_flux() -> None:
    [change] = plan({}, tree(obj("Kustomization", "acme-karpenter", "flux-system"), folder="flux/stages"))
    assert change.why == "new object; no existing node is replaced"


def test_the_root_and_the_bootstrap_objects_of_one_pull_request_get_one_instruction() -> None:
    """The pull request that declares the move adds the root and the bootstrap folder's objects beside it: one
    `kubectl apply -k dist/acme/flux` applies both, said before merging on both lines (not before on one and after on
    the other)."""
    root = obj("Kustomization", "acme-root", "flux-system", spec={"interval": "10m"})
    account = obj("ServiceAccount", "flux-applier", "flux-system")
    changes = plan({}, tree(root, account, folder="flux"))
    whys = {c.kind: c.why for c in changes}
    assert "before merging" in whys["ServiceAccount"] and "before merging" in whys["Kustomization"]
    assert not any("after merging" in why for why in whys.values()), whys
    assert all("`kubectl apply -k dist/acme/flux`" in why for why in whys.values())
    # the root alone still says after merging
    [alone] = plan({}, tree(root, folder="flux"))
    assert "after merging run `kubectl apply -k dist/acme/flux`" in alone.why
