"""scripts/train_eval.py with 3 and 4 players: outcome labels only, the held-out outcome check, and
one clear ValueError naming the argument for what cannot work."""

import importlib.util
import json
import math
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "train_eval.py"


def load_script():
    spec = importlib.util.spec_from_file_location("train_eval", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_dataset(folder, players, features, games=20, seed=0):
    """A tiny data set folder as ./richelieu dataset writes one: dataset.json and one chunk."""
    rng = np.random.default_rng(seed)
    folder.mkdir()
    rows = games * 4 * players
    x = rng.random((rows, features), dtype=np.float32)
    margin = np.round(10 * (x[:, 0] - 0.5)).astype(np.int16)  # learnable from the first feature
    chunk = {
        "features": x, "margin": margin, "outcome": np.sign(margin).astype(np.int8),
        "solved": np.zeros(rows, np.int8), "solver_margin": np.zeros(rows, np.int16),
        "solver_outcome": np.zeros(rows, np.int8), "game": np.repeat(np.arange(games), 4 * players).astype(np.int32),
        "step": np.zeros(rows, np.int16), "seat": np.tile(np.arange(players), games * 4).astype(np.int8),
        "cards": np.full(rows, 20, np.int8), "group": np.full(rows, -1, np.int32),
        "heuristic": (5 * (x[:, 0] - 0.5) + rng.normal(0, 2, rows)).astype(np.float32),
    }
    np.savez(folder / "chunk-00000.npz", **chunk)
    (folder / "dataset.json").write_text(json.dumps({
        "format": "richelieu-dataset 1", "features": "seat-features 1", "featureCount": features, "players": players,
        "chunks": 1, "command": f"./richelieu dataset --out {folder} --players {players} --seed {seed}"}))
    return folder


def test_logLoss_ofNoJudgement_isLog2_andAGoodJudgeBeatsNoise():
    t = load_script()
    win = np.array([1, 0, 1, 0.5], np.float32)
    assert math.isclose(t.log_loss(np.zeros(4, np.float32), win, 10), math.log(2), rel_tol=1e-6)
    rng = np.random.default_rng(1)
    truth = rng.normal(0, 10, 2000).astype(np.float32)
    wins = (truth + rng.normal(0, 5, 2000) > 0).astype(np.float32)
    good = t.outcome_check(truth[:1000], truth[1000:], wins[:1000], wins[1000:])
    noise = rng.normal(0, 10, 2000).astype(np.float32)
    bad = t.outcome_check(noise[:1000], noise[1000:], wins[:1000], wins[1000:])
    assert good["at_fitted_scale"] < bad["at_fitted_scale"] - 0.1
    assert good["fitted_scale"] in t.SCALES


def test_load_mixedPlayerCounts_oneValueErrorNamingData(tmp_path):
    t = load_script()
    a = write_dataset(tmp_path / "a", 3, 344)
    b = write_dataset(tmp_path / "b", 4, 397)
    with pytest.raises(ValueError, match=r"^--data .*b: games of 4 players, the first --data has 3; train one"):
        t.load([str(a), str(b)])


def test_residual_withThreePlayers_oneValueError(tmp_path):
    pytest.importorskip("torch")
    t = load_script()
    a = write_dataset(tmp_path / "a", 3, 344)
    with pytest.raises(ValueError, match=r"^--residual: a net over heuristic-2p's difference is for 2 players, the data has 3"):
        t.main(["--data", str(a), "--residual", "--weights", str(tmp_path / "w.net"), "--curve", str(tmp_path / "c")])


def test_threePlayers_trainsAndWritesTheOutcomeCheck(tmp_path, capsys):
    pytest.importorskip("torch")
    pytest.importorskip("matplotlib")
    t = load_script()
    a = write_dataset(tmp_path / "a", 3, 344)
    weights = tmp_path / "w.net"
    t.main(["--data", str(a), "--epochs", "2", "--hidden", "8,4", "--weights", str(weights), "--curve",
            str(tmp_path / "c"), "--date", "2026-11-28"])
    header = weights.read_bytes().split(b"\n---\n")[0].decode()
    assert "shape: 344 8 4 1" in header
    assert "players: 3" in header
    assert "held-out-outcome: log loss " in header
    out = capsys.readouterr().out
    assert "held-out outcomes (3 players" in out


def write_sibling_dataset(folder, features=20, games=60, seed=0):
    """A 2-player data set of sibling groups whose exact value is heuristic-2p's judgement plus 4 x
    its first term: a net that reads the terms can rank the siblings better than the judgement."""
    rng = np.random.default_rng(seed)
    folder.mkdir()
    per = 6  # siblings a group
    rows = games * 4 * per
    x = rng.random((rows, features), dtype=np.float32)
    terms = rng.normal(0, 1, (rows, 76)).astype(np.float32)
    heuristic = rng.normal(0, 5, rows).astype(np.float32)
    exact = np.round(heuristic + 4 * terms[:, 0]).astype(np.int16)
    chunk = {
        "features": x, "margin": exact, "outcome": np.sign(exact).astype(np.int8),
        "solved": np.ones(rows, np.int8), "solver_margin": exact, "solver_outcome": np.sign(exact).astype(np.int8),
        "game": np.repeat(np.arange(games), 4 * per).astype(np.int32), "step": np.zeros(rows, np.int16),
        "seat": np.zeros(rows, np.int8), "cards": np.full(rows, 12, np.int8),
        "group": np.tile(np.repeat(np.arange(4), per), games).astype(np.int32),
        "heuristic": heuristic, "heuristic_terms": terms,
    }
    np.savez(folder / "chunk-00000.npz", **chunk)
    (folder / "dataset.json").write_text(json.dumps({
        "format": "richelieu-dataset 1", "features": "seat-features 1", "featureCount": features, "players": 2,
        "chunks": 1, "command": f"./richelieu dataset --out {folder} --siblings 6 --seed {seed}"}))
    return folder


def test_blendWithTerms_choosesACorrectionThatRanksBetterThanTheJudgement(tmp_path, capsys):
    pytest.importorskip("torch")
    pytest.importorskip("matplotlib")
    t = load_script()
    a = write_sibling_dataset(tmp_path / "a")
    weights = tmp_path / "w.net"
    t.main(["--data", str(a), "--residual", "--terms", "--blend", "--select-data", str(a), "--rank-weight", "1",
            "--correct-cards", "12",
            "--epochs", "15", "--lr", "0.01", "--hidden", "16,8", "--val-fraction", "0.25", "--weights", str(weights),
            "--curve", str(tmp_path / "c"), "--date", "2026-11-29"])
    header = weights.read_bytes().split(b"\n---\n")[0].decode()
    assert "features: seat-features 1 + heuristic-terms 1" in header
    assert "shape: 96 16 8 1" in header
    assert "output: margin-over-heuristic-2p" in header
    assert "correct-cards: 12" in header
    curve = (tmp_path / "c.csv").read_text().splitlines()
    assert curve[0].endswith("select_alpha,select_r,select_r_heuristic")
    best = max(float(line.split(",")[-2]) for line in curve[1:])
    heuristic = float(curve[1].split(",")[-1])
    assert best > heuristic + 0.05, (best, heuristic)
    assert "blend: epoch " in capsys.readouterr().out


def test_blend_withoutResidual_oneValueError(tmp_path):
    t = load_script()
    with pytest.raises(ValueError, match=r"^--terms and --blend need --residual"):
        t.parse_args(["--data", "d", "--blend", "--weights", "w", "--curve", "c"])
    with pytest.raises(ValueError, match=r"^--select-data x is not one of the --data folders"):
        t.parse_args(["--data", "d", "--residual", "--blend", "--select-data", "x", "--weights", "w", "--curve", "c"])
    with pytest.raises(ValueError, match=r"^--correct-cards needs --residual"):
        t.parse_args(["--data", "d", "--correct-cards", "12", "--weights", "w", "--curve", "c"])
