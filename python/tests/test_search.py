"""`arachne.search` against the command line's `search --json` and known values."""
import os
import signal
import threading

import pytest

import arachne

# Fields that depend on the machine's speed.
TIMING = {"time_ms", "wall_ms", "busy", "idle", "busy_total", "idle_total", "utilisation"}


def strip(r):
    return {k: v for k, v in r.items() if k not in TIMING and not k.endswith("_ms")}


# Deterministic searches: every field but the times equals the command line's.
DETERMINISTIC = [
    ("tictactoe", "alphabeta", {}),
    ("tictactoe", "negamax", {"depth": 4}),
    ("connect4", "salphabeta", {"depth": 7, "ordering": True}),
    ("iid:n=4,d=6,seed=3", "palphabeta", {}),
    ("incremental:b=5,d=6,seed=2", "sss", {}),
    ("chess", "falphabeta", {"depth": 3}),
    ("othello", "alphabeta", {"depth": 4}),
    ("checkers", "alphabeta", {"depth": 5}),
    ("iid:n=3,d=6,seed=5", "tree-split", {"procs": 4}),
    ("iid:n=3,d=6,seed=5", "pbound", {"procs": 4, "cost": "arachne"}),
    ("ordered:n=3,d=5,order=random,seed=1", "baudet", {"procs": 3}),
    ("connect4", "palphabeta-par", {"depth": 6, "procs": 5}),
]


def flags(kw):
    argv = []
    for k, v in kw.items():
        argv += ["--" + k.replace("_", "-")] if v is True else ["--" + k.replace("_", "-"), str(v)]
    return argv


@pytest.mark.parametrize("game,algo,kw", DETERMINISTIC)
def test_equals_the_cli(cli, game, algo, kw):
    ours = arachne.search(game, algo, **kw)
    theirs = cli("search", "--json", "--game", game, "--algo", algo, *flags(kw))
    assert strip(ours) == strip(theirs)


@pytest.mark.parametrize("game,algo,kw", [
    ("connect4", "ybwc", {"depth": 7, "threads": 2}),
    ("iid:n=4,d=6,seed=9", "lazy-smp", {"threads": 2}),
    ("iid:n=3,d=6,seed=5", "tree-split", {"procs": 3, "backend": "threads"}),
    ("tictactoe", "baudet", {"procs": 2, "backend": "threads"}),
])
def test_real_threads_give_the_clis_value(cli, game, algo, kw):
    ours = arachne.search(game, algo, **kw)
    theirs = cli("search", "--json", "--game", game, "--algo", algo, *flags(kw))
    assert ours["value"] == theirs["value"]
    assert ours["depth"] == theirs["depth"]


# games x message-passing algorithms x backends: on the simulator every field but the times
# equals the command line's; on real threads (timing-dependent counts) the value and depth.
MATRIX_GAMES = [("tictactoe", 9), ("connect4", 6), ("iid:n=3,d=6,seed=4", 6),
                ("othello", 4), ("checkers", 4)]


@pytest.mark.parametrize("backend", ["sim", "threads"])
@pytest.mark.parametrize("algo", ["tree-split", "pbound"])
@pytest.mark.parametrize("game,depth", MATRIX_GAMES)
def test_matrix_equals_the_cli(cli, game, depth, algo, backend):
    kw = {"depth": depth, "procs": 3}
    ours = arachne.search(game, algo, backend=backend, **kw)
    extra = [] if backend == "sim" else ["--backend", backend]
    theirs = cli("search", "--json", "--game", game, "--algo", algo, *flags(kw), *extra)
    if backend == "sim":
        assert strip(ours) == strip(theirs)
    else:
        assert (ours["value"], ours["depth"], ours["backend"]) == (
            theirs["value"], theirs["depth"], "threads")
    # Both equal serial alpha-beta's value (the algorithms are exact).
    assert ours["value"] == arachne.search(game, "alphabeta", depth=depth)["value"]


def test_known_values():
    # Tic-tac-toe is a draw; negamax visits every one of its 549 946 nodes.
    r = arachne.search("tictactoe", "negamax")
    assert r["value"] == 0 and r["stopped"] is None
    assert r["interior"] + r["leaves"] == 549946
    # A uniform tree's negamax examines every bottom position: 3^5.
    assert arachne.search("iid:n=3,d=5,seed=1", "negamax")["leaves"] == 243
    # Alpha-beta and negamax agree on many random trees, sim-parallel too.
    for seed in range(1, 11):
        spec = f"iid:n=3,d=5,seed={seed}"
        v = arachne.search(spec, "negamax")["value"]
        assert arachne.search(spec, "alphabeta")["value"] == v
        assert arachne.search(spec, "tree-split", procs=4)["value"] == v


def test_a_game_object_is_its_spec():
    g = arachne.Game("iid:n=3,d=4,seed=2")
    assert strip(arachne.search(g, "alphabeta")) == strip(
        arachne.search("iid:n=3,d=4,seed=2", "alphabeta"))
    with pytest.raises(ValueError, match="not a Game with moves played"):
        arachne.search(g.play(g.moves()[0]), "alphabeta")


@pytest.mark.parametrize("call,message", [
    (lambda: arachne.search("nosuchgame", "alphabeta"), "unknown game"),
    (lambda: arachne.search("tictactoe", "nosuchalgo"), "unknown algorithm"),
    (lambda: arachne.search("tictactoe", "alphabeta", procs=4), "serial algorithm; --procs"),
    (lambda: arachne.search("iid:n=2,d=3,seed=1", "alphabeta", depth=5), "exceeds the depth"),
    (lambda: arachne.search("tictactoe", "alphabeta", depth=-1), "negative numbers"),
    (lambda: arachne.search("tictactoe", "alphabeta", no_such_option=1),
     "unknown keyword argument `no_such_option`"),
    (lambda: arachne.search("tictactoe", "ybwc", threads=0), "threads"),
])
def test_bad_input_raises_value_error_with_the_cli_line(call, message):
    with pytest.raises(ValueError, match=message) as e:
        call()
    assert "\n" not in str(e.value)


def test_value_error_text_is_the_clis(cli):
    import subprocess
    from conftest import _binary
    with pytest.raises(ValueError) as e:
        arachne.search("tictactoe", "nosuchalgo")
    out = subprocess.run([_binary(), "search", "--game", "tictactoe", "--algo", "nosuchalgo"],
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr.strip() == "error: " + str(e.value)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to oneself")
def test_ctrl_c_stops_the_search_with_the_partial_result():
    # A search far too long to finish; SIGINT after 0.5 s stops it, and the result of the
    # last completed depth comes with the KeyboardInterrupt. `nodes` only bounds the test.
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as e:
            arachne.search("connect4", "salphabeta", depth=40, nodes=10**12)
    finally:
        timer.cancel()
    partial = e.value.partial
    assert partial["stopped"] == "stopped"
    assert partial["game"] == "connect4"
    # The search works again afterwards (no stop flag left set).
    assert arachne.search("tictactoe", "alphabeta")["stopped"] is None


def test_keywords_are_the_request_fields():
    assert set(arachne.SEARCH_OPTIONS) == {
        "depth", "procs", "threads", "backend", "cost", "nodes", "time_ms", "ordering",
        "preorder", "quiescence", "check_extension", "null_move", "hash", "memory",
        "latency_seed"}
    # None and False are "not given".
    plain = arachne.search("connect4", "alphabeta", depth=5)
    same = arachne.search("connect4", "alphabeta", depth=5, ordering=False, hash=None,
                          procs=None, backend="sim")
    assert strip(same) == strip(plain)
    # A field given takes effect: ordering changes the tree searched, not the value.
    ordered = arachne.search("connect4", "alphabeta", depth=5, ordering=True)
    assert ordered["value"] == plain["value"] and ordered["nodes"] != plain["nodes"]


@pytest.mark.parametrize("kw,message", [
    ({"foo": 1, "bar": 2}, "search: unknown keyword arguments `foo`, `bar` (known: depth, "),
    ({"ordering": 1}, "ordering=1: expected True or False"),
    ({"depth": "7"}, "depth='7': expected an integer"),
    ({"depth": 7.0}, "depth=7.0: expected an integer"),
    ({"depth": True}, "depth=True: expected an integer"),
    ({"depth": 201}, "depth=201: must be in 1..=200"),
    ({"depth": -10**30}, "negative numbers are not allowed"),
    ({"nodes": 0}, "nodes=0: must be at least 1"),
    ({"nodes": 10**30}, "must be in 1..=18446744073709551615"),
    ({"backend": 3}, "backend=3: expected a string"),
])
def test_wrong_keywords_types_and_ranges_are_refused_with_one_line(kw, message):
    with pytest.raises(ValueError) as e:
        arachne.search("tictactoe", "alphabeta", **kw)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_calls_from_several_threads_at_once_each_give_the_serial_value():
    # The package runs each request on a worker thread it keeps for the next call; calls made
    # at once from several Python threads each get their own worker.
    want = arachne.search("iid:n=3,d=7,seed=5", "alphabeta")["value"]
    got = []

    def run():
        for _ in range(5):
            got.append(arachne.search("iid:n=3,d=7,seed=5", "alphabeta")["value"])

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [want] * 20
