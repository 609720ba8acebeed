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


def _script_globals(monkeypatch):
    """The script's functions, loaded with a stand-in scipy where none is installed (the tests below
    need no optimiser); monkeypatch takes the stand-in out of sys.modules again after the test."""
    import runpy
    import types
    if "scipy.optimize" not in sys.modules:
        optimize = types.ModuleType("scipy.optimize")
        optimize.minimize = None
        scipy = types.ModuleType("scipy")
        scipy.optimize = optimize
        monkeypatch.setitem(sys.modules, "scipy", scipy)
        monkeypatch.setitem(sys.modules, "scipy.optimize", optimize)
    return runpy.run_path(str(SCRIPT), run_name="fit")


@pytest.mark.parametrize("flag, value", [("--eval-scale", "0"), ("--margin", "1.5"), ("--margin-scale", "-1")])
def test_a_bad_reward_constant_is_one_line_and_exit_code_2(tmp_path, flag, value):
    code = STUB_SCIPY + "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
    out = subprocess.run([sys.executable, "-c", code, str(SCRIPT), "--data", str(tmp_path), "--seed", "1", flag, value],
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [f"fit_linear_eval: {flag} {float(value):g}: " + (
        "must be from 0 to 1" if flag == "--margin" else "must be positive")]


def test_the_reward_link_follows_the_bots_constants_and_its_derivative_is_exact(monkeypatch):
    import numpy as np
    g = _script_globals(monkeypatch)
    reward = g["Reward"](22.9146, 0.91057, 10.0)
    e = np.array([-30.0, -4.0, 0.0, 2.5, 17.0])
    p, dp = g["link"](e, "reward", reward)
    # the bot's RolloutReward at a cut-off: the logistic at its evalScale blended with the squashed judgement
    expected = 0.08943 / (1 + np.exp(-e / 22.9146)) + 0.91057 * (0.5 + 0.5 * np.tanh(e / 10))
    assert np.allclose(p, expected, rtol=0, atol=1e-12)
    h = 1e-6
    numeric = (g["link"](e + h, "reward", reward)[0] - g["link"](e - h, "reward", reward)[0]) / (2 * h)
    assert np.allclose(dp, numeric, rtol=1e-6, atol=1e-10)
    # another evalScale is another prediction: the constant is used, not the module's default
    assert not np.allclose(p, g["link"](e, "reward", g["Reward"](10.0, 0.91057, 10.0))[0])
