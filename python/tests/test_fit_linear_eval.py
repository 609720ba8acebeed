"""scripts/fit_linear_eval.py: its multipliers must be the same bytes from the same data and seed
on any machine, so it runs BLAS on one thread whatever the environment asks for."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fit_linear_eval.py"

# The script only needs scipy to fit; loading it is what sets the threads, so a stand-in module
# lets this run where scipy is not installed.
STUB_SCIPY = ("import sys, types; s = types.ModuleType('scipy'); o = types.ModuleType('scipy.optimize'); "
              "o.minimize = None; s.optimize = o; sys.modules.setdefault('scipy', s); "
              "sys.modules.setdefault('scipy.optimize', o); ")


def test_loading_the_script_pins_blas_to_one_thread_over_the_environment():
    env = dict(os.environ, OPENBLAS_NUM_THREADS="2", OMP_NUM_THREADS="2", MKL_NUM_THREADS="2")
    code = (STUB_SCIPY + "import runpy, os; runpy.run_path(%r, run_name='fit'); "
            "print(os.environ['OPENBLAS_NUM_THREADS'], os.environ['OMP_NUM_THREADS'], os.environ['MKL_NUM_THREADS'])"
            % str(SCRIPT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "1", "1"]
