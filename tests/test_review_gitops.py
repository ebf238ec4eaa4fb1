"""review/gitops.py: the root applier and the Flux bootstrap folder's objects are applied by hand: their changes say
how, and that nothing prunes the bootstrap folder."""

from __future__ import annotations

from review_trees import obj, tree

from review.plan import plan


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
