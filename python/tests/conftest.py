"""Shared fixtures: the engine jar (``$RICHELIEU_JAR``, else the one the installed package carries, as a
user gets it) and the command line (``runner/target/richelieu.jar``, as ``./richelieu`` runs it)."""

import json
import os
import subprocess
from pathlib import Path

import pytest

from richelieu import _jvm

REPO = Path(__file__).resolve().parents[2]
CLI_JAR = REPO / "runner" / "target" / "richelieu.jar"


@pytest.fixture(scope="session")
def jar():
    path = _jvm.find_jar(os.environ.get("RICHELIEU_JAR") or None)
    _jvm.start(path)
    return path


@pytest.fixture(scope="session")
def cli(jar, tmp_path_factory):
    """Runs ``./richelieu ARGS`` (the jar itself) and returns its stdout; fails on a non-zero exit."""

    def run(*args, stdin=None):
        done = subprocess.run(["java", "-jar", str(CLI_JAR), *args], input=stdin, capture_output=True, text=True,
                              cwd=REPO, timeout=300)
        assert done.returncode == 0, f"./richelieu {' '.join(args)} exited {done.returncode}: {done.stderr}"
        return done.stdout

    return run


@pytest.fixture(scope="session")
def records(cli, tmp_path_factory):
    """The game records of a command run with --records: a list of parsed JSON objects (and the raw lines)."""

    def run(*args):
        out = tmp_path_factory.mktemp("records") / "games.jsonl"
        cli(*args, "--threads", "1", "--records", str(out))
        lines = out.read_text().splitlines()
        return [json.loads(line) for line in lines], lines

    return run
