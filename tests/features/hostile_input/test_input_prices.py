"""`plan --workloads --prices FILE` (issue 56 item 7): a price is a finite number of dollars an hour from 0 to 10,000,
else exit 2 naming the file and the key, before anything runs (a 400-digit integer was exit 70; prices near the float
maximum printed `$inf/h`, and `Infinity` in `--format json`, which is no JSON); keys that name no instance type of the
catalogue are said once, with how many and a few of them, and a file none of whose keys names one is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import cluster_dict, write_cluster

from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.simulation.offerings import MAX_PRICE, read_prices

WORKLOADS = {
    "apiVersion": "v1",
    "kind": "List",
    "items": [
        {
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": {"namespace": "alpha", "name": "web"},
            "spec": {
                "replicas": 1,
                "template": {
                    "metadata": {"labels": {"app": "web"}},
                    "spec": {
                        "containers": [
                            {"name": "c", "image": "i", "resources": {"requests": {"cpu": "1", "memory": "1Gi"}}}
                        ]
                    },
                },
            },
        }
    ],
}


@pytest.mark.parametrize(
    "value", ["9" * 400, "1.7e308", "1e999", "-1e999", "10000.01", "-0.5", "123456789012345678901234567890"]
)
def test_a_price_that_is_not_a_finite_number_up_to_10000_is_exit_2_naming_the_file_and_key(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    prices = tmp_path / "prices.json"
    prices.write_text('{"m5.large": 0.096, "m7i.large": %s}' % value)
    workloads = tmp_path / "workloads.json"
    workloads.write_text(json.dumps(WORKLOADS))
    write_cluster(tmp_path / "clusters", cluster_dict())
    status = main(
        ["--clusters", str(tmp_path / "clusters"), "plan", "--workloads", str(workloads), "--prices", str(prices)]
    )
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.count("\n") == 1 and str(prices) in err and "m7i.large" in err and "Traceback" not in err, err
    assert len(err) < 400  # a 400-digit number is said by its size


def test_the_largest_price_taken_sums_to_a_finite_number(tmp_path: Path) -> None:
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"m5.large": MAX_PRICE, "m7i.large": 0, "c7i.large": 0.0852}))
    read = read_prices(prices, known={"m5.large", "m7i.large", "c7i.large"})
    assert read.by_type == {"m5.large": 10_000.0, "m7i.large": 0.0, "c7i.large": 0.0852}
    assert read.source == str(prices)  # every key known: nothing said


def test_keys_that_name_no_instance_type_are_said_once_with_a_few_of_them(tmp_path: Path, shared: Path) -> None:
    prices = tmp_path / "prices.json"
    prices.write_text(
        json.dumps({"m5.large": 0.096, "m5.lage": 0.1, "m7i.huge": 1, "foo": 2, "bar": 3, "baz\n## x": 4})
    )
    read = read_prices(prices)  # the catalogue's names (../shared)
    assert read.source.startswith(f"{prices} (5 of its 6 keys name no instance type of Karpenter 1.14.1's catalogue")
    assert read.source.count("\n") == 0 and "m5.large" not in read.source.replace("m5.lage", "")
    assert "and 2 more" in read.source  # a few names, then how many more
    assert read.by_type["m5.large"] == 0.096


def test_a_file_whose_keys_name_no_instance_type_is_refused(tmp_path: Path, shared: Path) -> None:
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"M5.LARGE": 0.096, "large": 0.1}))
    with pytest.raises(InputError, match="none of its 2 key"):
        read_prices(prices)
