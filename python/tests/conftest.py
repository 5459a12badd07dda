"""Shared helpers: the `arachne` binary, to compare the package with the command line."""
import json
import os
import pathlib
import shutil
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def _binary():
    """The built `arachne` binary: $ARACHNE_BIN, or target/release/arachne (or under
    $CARGO_TARGET_DIR), or `arachne` on PATH."""
    given = os.environ.get("ARACHNE_BIN")
    if given:
        if not os.access(given, os.X_OK):
            raise RuntimeError(f"ARACHNE_BIN={given} is not an executable")
        return given
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    for candidate in (target / "release" / "arachne", REPO / "target" / "release" / "arachne"):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which("arachne")


@pytest.fixture(scope="session")
def cli():
    """Runs the binary with `args` and returns its one JSON object (skips the comparison when
    no binary is built; CI sets ARACHNE_BIN, so there it always runs)."""
    binary = _binary()
    if binary is None:
        pytest.skip("no arachne binary (build it: cargo build --release -p arachne-cli, "
                    "or set ARACHNE_BIN)")

    def run(*args):
        out = subprocess.run([binary, *args], check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    return run
