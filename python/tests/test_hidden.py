"""The observation vector holds what its seat may know and nothing else (R25, R26): two deals
that differ only in where unseen tokens lie give every seat that cannot tell them apart the same
vector at every step, while the seat that takes a moved token sees the difference."""

import numpy as np

import richelieu
from richelieu.observation import Layout


def play_twin_deals(players, swap, seed, steps_limit=10_000):
    import jpype
    Deal = jpype.JClass("richelieu.engine.Deal")
    SplittableRandom = jpype.JClass("java.util.SplittableRandom")
    a = richelieu.raw_env(players=players)
    b = richelieu.raw_env(players=players)
    a.reset(seed=seed)
    deal = a._core._java.deal()
    tokens = [int(deal.placeToken(i)) for i in range(8)] + [int(t) for t in deal.boxTokens()]
    i, j = swap
    tokens[i], tokens[j] = tokens[j], tokens[i]
    twin = Deal(deal.seed(), deal.layout(), jpype.JArray(jpype.JInt)(tokens[:8]))
    b.reset(seed=seed)  # the dicts of a fresh game; then the twin deal in its place
    mover = b._core._java.reset(twin, [SplittableRandom(s) for s in range(players)])
    b._settle(mover)
    return a, b


def own_tokens(env, seat):
    return int(env._core._java.fullState().heldTokens(seat))


def test_observation_tokensMovedUnseen_sameVectorForEverySeatThatCannotKnow(jar):
    rng = np.random.default_rng(5)
    takers = 0
    for players in (2, 3, 4):
        for seed in range(4):
            a, b = play_twin_deals(players, swap=(0, 9), seed=seed)  # a token place and a box slot
            token = int(a._core._java.deal().placeToken(0))
            if token >= 12:  # return tokens change the legal sets: keep to shield and symbol tokens
                continue
            differs_seen = False
            while True:
                for seat in range(players):  # every seat, after every step, the final position too
                    agent = f"seat_{seat}"
                    oa, ob = a.observe(agent), b.observe(agent)
                    if own_tokens(a, seat) == own_tokens(b, seat):
                        assert np.array_equal(oa["observation"], ob["observation"]), (players, seed, seat)
                        assert np.array_equal(oa["action_mask"], ob["action_mask"])
                    else:
                        differs_seen |= not np.array_equal(oa["observation"], ob["observation"])
                if any(a.terminations.values()):
                    break
                legal = a.legal_actions()
                assert np.array_equal(legal, b.legal_actions())
                action = int(rng.choice(legal))
                a.step(action)
                b.step(action)
            taker_knows = any(own_tokens(a, s) != own_tokens(b, s) for s in range(players))
            assert differs_seen == taker_knows, "the seat holding the moved token sees it in its vector"
            takers += taker_knows
            a.close()
            b.close()
    assert takers >= 3, "some games took the moved token, so the check can fail"


def test_observation_returnStepOfAnotherSeat_showsAsTakeFirst(jar):
    """R26: whether another seat has a return step depends on its hidden tokens, so the vector of
    the other seats shows the public phase."""
    env = richelieu.raw_env(players=2, ask_forced=True)
    layout = Layout(2)
    rng = np.random.default_rng(1)
    seen = 0
    for seed in range(200):
        env.reset(seed=seed)
        while not any(env.terminations.values()) and seen < 3:
            mover = int(env.agent_selection[-1])
            mine = env.observe(env.agent_selection)["observation"]
            if mine[layout.phase_at + 0] == 1:  # the mover is at its return step
                other = env.observe(f"seat_{1 - mover}")["observation"]
                assert other[layout.phase_at + 0] == 0 and other[layout.phase_at + 1] == 1
                seen += 1
            env.step(int(rng.choice(env.legal_actions())))
        if seen >= 3:
            break
    assert seen >= 3, "random games reach return steps"
    env.close()
