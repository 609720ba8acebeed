"""An agent trained on the environments plays through the bot protocol: the encoder turns the
protocol's messages into exactly the environment's vectors and masks, decision by decision."""

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import richelieu
from richelieu import actions
from richelieu.protocol import Encoder
from test_seeds import engine_actions


@pytest.mark.parametrize("players,variant", [(2, "base"), (3, "three-row")])
def test_encoder_protocolMessages_sameVectorsAsTheEnvironment(jar, records, tmp_path, players, variant):
    dump = tmp_path / "messages.jsonl"
    bot = f"exec:{sys.executable} {Path(__file__).with_name('dump_bot.py')} {dump}"
    if players == 2:
        games, lines = records("match", bot, "random", "--pairs", "1", "--seed", "8", "--variant", variant)
    else:
        games, lines = records("tournament", bot, "random", "greedy", "--players", "3", "--pairs", "1",
                               "--seed", "8", "--variant", variant)
    messages = [json.loads(line) for line in dump.read_text().splitlines()]
    starts = [i for i, m in enumerate(messages) if m["type"] == "start"]
    # the runner starts the bot once before the run (checkStarts): skip starts without acts
    games_played = [messages[s:e] for s, e in zip(starts, starts[1:] + [len(messages)]) if e - s > 1]
    compared = 0
    for line, game in zip(lines, games_played):
        start, acts = game[0], game[1:]
        seat = start["seat"]
        enc = Encoder()
        enc.start(start)
        env = richelieu.raw_env(players=players, variant=variant)
        env.reset(seed=0)  # fresh dicts; the recorded deal replaces the game below
        import jpype
        GameRecord = jpype.JClass("richelieu.engine.record.GameRecord")
        SplittableRandom = jpype.JClass("java.util.SplittableRandom")
        rec = GameRecord.parse(line)
        env._settle(env._core._java.reset(rec.deal(), [SplittableRandom(0)] * players))
        recorded = engine_actions(line)
        asked = iter(acts)
        while not any(env.terminations.values()):
            if env.agent_selection == f"seat_{seat}":
                msg = next(asked)
                obs, mask = enc.act(msg)
                mine = env.observe(env.agent_selection)
                assert np.array_equal(obs, mine["observation"]), np.flatnonzero(obs != mine["observation"])
                assert np.array_equal(mask, mine["action_mask"])
                compared += 1
            index = actions.index_of(recorded[len(env._core.actions())])
            env.step(index)
        assert next(asked, None) is None, "every act message was a decision of the environment"
        env.close()
    assert compared > 40


def test_encoder_packed_isTheProtocolsActionNumber():
    assert Encoder.packed(actions.TAKE + 11) == 12299  # "take r0c11" in docs/protocol.md
    assert Encoder.packed(actions.SKIP) == 36864
