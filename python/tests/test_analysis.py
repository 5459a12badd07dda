"""`arachne.nbp` and `arachne.experiment` against the command line and known values."""
from fractions import Fraction

import pytest

import arachne


def test_nbp_exact_is_a_fraction_equal_to_the_cli(cli):
    for n, d in [(2, 2), (3, 3), (4, 4), (2, 6)]:
        f = arachne.nbp(n, d)
        assert isinstance(f, Fraction)
        theirs = cli("analyze", "nbp", "--branching", str(n), "--depth", str(d), "--exact",
                     "--json")
        assert f == Fraction(theirs["exact"])


def test_nbp_exact_known_values():
    # N=2, D=2: both leaves of the first min node, the first of the second, and its second
    # when that first leaf is above the first min node's value (probability 2/3).
    assert arachne.nbp(2, 2) == Fraction(11, 3)
    # Depth 1: every bottom position.
    assert arachne.nbp(5, 1) == 5


def test_nbp_monte_carlo():
    r = arachne.nbp(3, 4, exact=False, trials=400, seed=7)
    exact = float(arachne.nbp(3, 4))
    assert r["trials"] == 400
    assert r["sd"] > 0 and r["ci"] > 0
    assert abs(r["mean"] - exact) < 4 * r["ci"]
    # Seeded: the same numbers again.
    assert arachne.nbp(3, 4, exact=False, trials=400, seed=7)["mean"] == r["mean"]


def test_nbp_bad_input():
    with pytest.raises(ValueError):
        arachne.nbp(0, 3)
    with pytest.raises(ValueError, match="n=-3: negative numbers are not allowed"):
        arachne.nbp(-3, 3)
    with pytest.raises(ValueError, match="nbp: unknown keyword argument `bounds`"):
        arachne.nbp(3, 3, bounds=True)
    with pytest.raises(ValueError, match="exact=True is for the continuous i.i.d. model only"):
        arachne.nbp(3, 3, range=4)
    with pytest.raises(ValueError, match='model="foo": expected "iid" or "incremental"'):
        arachne.nbp(3, 3, exact=False, model="foo")


@pytest.mark.parametrize("options,flags", [
    ({"range": 4}, ["--range", "4"]),
    ({"model": "incremental"}, ["--model", "incremental"]),
])
def test_nbp_monte_carlo_options_equal_the_cli(cli, options, flags):
    ours = arachne.nbp(3, 3, exact=False, trials=60, seed=5, **options)
    theirs = cli("analyze", "nbp", "--branching", "3", "--depth", "3", "--trials", "60",
                 "--seed", "5", "--json", *flags)
    assert ours["mean"] == theirs["mean"] and ours["sd"] == theirs["sd"]


def test_experiment_rows_equal_the_cli(cli, tmp_path):
    rows = arachne.experiment("fuller", quick=True, out=tmp_path / "py")
    if not isinstance(rows, list):
        rows = rows.to_dict("records")
    theirs = cli("experiment", "fuller", "--quick", "--json", "--out", str(tmp_path / "cli"))
    assert rows == theirs["rows"]
    assert len(rows) > 0 and all(isinstance(r, dict) for r in rows)
    assert (tmp_path / "py").is_dir()


def test_experiment_bad_name():
    with pytest.raises(ValueError, match="unknown experiment"):
        arachne.experiment("nosuch")


def test_experiment_bad_sizes_are_refused_before_any_work(tmp_path):
    out = tmp_path / "never"
    for sizes, message in [({"colour": 1}, "experiment: unknown keyword argument `colour`"),
                           ({"trees": 5}, "experiment `fuller` does not take --trees"),
                           ({"scale": "x"}, "scale='x': expected \"full\" or \"paper\"")]:
        with pytest.raises(ValueError) as e:
            arachne.experiment("fuller", out=out, **sizes)
        assert message in str(e.value)
        assert not out.exists()


def test_experiment_sizes_equal_the_clis(cli, tmp_path):
    rows = arachne.experiment("rbfm-decision", out=tmp_path / "py", trees=3, branching=[3])
    if not isinstance(rows, list):
        rows = rows.to_dict("records")
    theirs = cli("experiment", "rbfm-decision", "--quick", "--json", "--trees", "3",
                 "--branching", "3", "--out", str(tmp_path / "cli"))
    assert rows == theirs["rows"] and len(rows) > 0
