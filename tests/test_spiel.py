"""OpenSpiel interop (chemgames.spiel): OpenSpiel's own random simulation test on every game, the
action codec is a bijection, information states come from the player's view only, and one of the
field's algorithms (ISMCTS) plays on a game."""
from __future__ import annotations

import pickle
import random
import subprocess
import sys
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'chemgames[spiel]')")

import chemgames  # noqa: E402
import chemgames.spiel  # noqa: E402
from chemgames.spiel.schemas import schema  # noqa: E402

GAMES = [info.id for info in chemgames.games()]
NAME = "python_chemgames_{}".format


@pytest.fixture(scope="module", autouse=True)
def registered():
    return chemgames.spiel.register()


def test_register_names_every_game_and_load_game_works():
    assert chemgames.spiel.register() == [NAME(g) for g in GAMES]  # a second call is harmless
    assert set(chemgames.spiel.NAMES) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("python_chemgames_chemix")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_players() == 2
    three = pyspiel.load_game("python_chemgames_chemix", {"players": 3})
    assert three.num_players() == 3 and three.max_utility() == 2.0
    # Räum-Ab! lays every card open: perfect information after the deal
    assert pyspiel.load_game(NAME("raeumab")).get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_random_simulation(game_id):
    """OpenSpiel's own consistency test: clones, serialization (a Python game is pickled: here the
    chemgames save file), legal actions sorted and unique strings, returns within bounds and
    zero-sum, the game no longer than max_game_length. Chromino's 61 million action numbers and
    Das Chemie-Kartenspiel's 16.8 million (whole moves, hashed) make the test's legal-action mask
    (one entry per number, every move) too big: it is left out there."""
    game = pyspiel.load_game(NAME(game_id))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False,
                            mask_test=game_id not in ("chromino", "chemiekarten"))


def test_openspiel_random_simulation_with_four_players():
    pyspiel.random_sim_test(pyspiel.load_game(NAME("metallurgie"), {"players": 4}), num_sims=1,
                            serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_actions_answered_in_python_are_pyspiels_own(game_id):
    """``legal_actions()``/``legal_actions(player)`` and ``is_chance_node()`` are answered by the state's Python
    methods (issue 31: pyspiel's C++ way calls back into Python five times a list); pyspiel's C++ methods,
    called past them, must give the same at the chance node, every position of a random game (for every player,
    the mover and the others) and the terminal one, and refuse a pseudo-player alike."""
    game = pyspiel.load_game(NAME(game_id), {"players": 3} if game_id != "chemuno" else {})
    cpp_legal, cpp_chance = pyspiel.State.legal_actions, pyspiel.State.is_chance_node
    rng = random.Random(3)
    state = game.new_initial_state()
    seen = Counter()
    while True:
        assert state.legal_actions() == cpp_legal(state)
        for p in range(game.num_players()):
            mine = state.legal_actions(p)
            assert mine == cpp_legal(state, p)
            seen["mover" if mine else "empty"] += 1
        assert state.is_chance_node() == cpp_chance(state)
        if state.is_terminal() or state.is_chance_node():  # none, or the deals, for any player
            assert state.legal_actions(-2) == cpp_legal(state, -2)
        else:
            for legal in (cpp_legal, type(state).legal_actions):
                with pytest.raises(pyspiel.SpielError):
                    legal(state, -2)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen["mover"] > 3 and seen["empty"] > 3  # the mover's list, and the others' empty ones, were compared


@pytest.mark.parametrize("game_id", [g for g in GAMES if schema(g).codec is not None])
def test_codec_is_a_bijection_on_every_action_seen(game_id):
    codec = schema(game_id).codec
    bound = schema(game_id).max_moves
    info = next(i for i in chemgames.games() if i.id == game_id)
    rng = random.Random(game_id)
    numbers: dict[int, object] = {}
    games = 12
    for seed in range(games):
        players = rng.randint(max(2, info.min_players), min(4, info.max_players))
        g = chemgames.new_game(game_id, players=players, seed=seed, lang="en")
        while not g.is_over:
            legal = g.legal_actions()
            for action in legal:
                n = codec.encode(action)
                assert 0 <= n < codec.num_actions
                assert codec.decode(n, action.player) == action
                assert numbers.setdefault(n, (action.kind, action.params)) == (action.kind, action.params)
            g.apply(rng.choice(legal))
        assert len(g.log) <= bound(players), f"a random game of {len(g.log)} actions reached the cap"
    # and the other way round: every number decodes to an action that encodes to it again
    for n in rng.sample(range(codec.num_actions), min(3000, codec.num_actions)):
        assert codec.encode(codec.decode(n, 0)) == n


def _played(game_id: str, deal: int, moves: int, seed: int = 0):
    state = pyspiel.load_game(NAME(game_id)).new_initial_state()
    state.apply_action(deal)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        # passing ends a ChemiX game soon: play on while there is something else to do
        state.apply_action(rng.choice([a for a in legal if "pass" not in state.action_to_string(a)] or legal))
    return state


@pytest.mark.parametrize("game_id", [g for g in GAMES if schema(g).hidden])
def test_information_state_depends_only_on_the_players_view(game_id):
    """Two states whose hidden cards differ but that look the same to player p give p the same
    information state; the other player, whose hand differs, gets different ones."""
    state = _played(game_id, deal=3, moves=3)
    assert not state.is_terminal()
    p = state.current_player()
    q = 1 - p
    twin = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert twin.game_now.view(p) == state.game_now.view(p)
    assert twin.game_now.view(q) != state.game_now.view(q), "nothing hidden was dealt anew"
    assert twin.information_state_string(p) == state.information_state_string(p)
    assert twin.observation_string(p) == state.observation_string(p)
    assert twin.legal_actions() == state.legal_actions()
    assert twin.information_state_string(q) != state.information_state_string(q)
    # and a position that looks different to p is a different information state
    other = _played(game_id, deal=4, moves=3)
    assert other.information_state_string(p) != state.information_state_string(p)


def test_information_state_names_no_hidden_card():
    """Chemuno: no card of the other hand or of the draw pile appears in p's strings."""
    state = _played("chemuno", deal=11, moves=5)
    g = state.game_now
    p = state.current_player()
    mine = set(g.view(p)["hand"])
    seen = set(g.view(p)["pile"]) | ({g.view(p)["top"]} if g.view(p)["top"] else set())
    theirs = set(g.view(1 - p)["hand"]) - mine - seen
    info = state.information_state_string(p)
    assert theirs and not [c for c in theirs if f'"{c}"' in info or f"card={c})" in info]


def test_clone_is_independent_and_pickle_goes_through_the_save_file():
    state = _played("metallurgie", deal=5, moves=10)
    twin = state.clone()
    before = str(state)
    twin.apply_action(twin.legal_actions()[0])
    assert str(state) == before and str(twin) != before
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == before
    # a fresh process finds the class by name and registers the games itself
    code = "import pickle, sys; print(str(pickle.loads(sys.stdin.buffer.read())))"
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(state), capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr.decode()[-2000:]
    assert out.stdout.decode().strip() == before
    assert again.information_state_string(0) == state.information_state_string(0)
    assert again.legal_actions() == state.legal_actions()


def test_returns_share_the_win_and_sum_to_zero():
    state = _played("chemix", deal=1, moves=10_000)
    assert state.is_terminal()
    returns = state.returns()
    winners = state.game_now.winners()
    assert sum(returns) == pytest.approx(0.0)
    assert [p for p, r in enumerate(returns) if r > -1.0] == winners or (not winners and returns == [0.0, 0.0])


def test_a_proved_bound_follows_the_player_count():
    assert pyspiel.load_game(NAME("chemuno"), {"players": 4}).max_game_length() == 968 + 1
    assert pyspiel.load_game(NAME("chemuno")).max_game_length() == 540 + 1
    assert pyspiel.load_game(NAME("chemuno"), {"max_moves": 100}).max_game_length() == 100 + 1
    assert pyspiel.load_game(NAME("chemuno"), {"max_moves": 5000}).max_game_length() == 540 + 1


def test_a_cap_ends_the_game_and_scores_the_leader():
    game = pyspiel.load_game(NAME("metallurgie"), {"max_moves": 12})
    assert game.max_game_length() == 13
    state = game.new_initial_state()
    state.apply_action(2)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    g = state.game_now
    assert len(g.log) == 12 and not g.is_over
    scores = g.scores()
    leaders = [p for p, s in enumerate(scores) if s == max(scores)]
    assert [p for p, r in enumerate(state.returns()) if r > -1.0] == leaders


def test_openspiel_ismcts_plays_chemix():
    """OpenSpiel's information-set MCTS (worlds from resample_from_infostate, i.e. redeal_hidden)
    with random rollouts plays legal moves for a few turns."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(NAME("chemix"))
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=15, random_state=rs)
    state = game.new_initial_state()
    state.apply_action(8)
    moved = 0
    while not state.is_terminal() and moved < 6:
        legal = state.legal_actions()
        action = bot.step(state) if state.current_player() == 0 else legal[0]
        assert action in legal
        state.apply_action(action)
        moved += 1
    assert moved >= 2


def _ismcts_root(state, resample):
    """What ISMCTS learnt at the root: visits and summed returns of each action."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(state.get_game(), mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=40,
                           random_state=rs)
    bot.set_resampler(resample)
    bot.run_search(state)
    return {a: (c.visits, round(c.return_sum, 9)) for a, c in bot._root_node.child_info.items()}


@pytest.mark.parametrize("game_id", ["chemuno", "chromino"])
def test_openspiel_ismcts_never_peeks(game_id):
    """ISMCTS decides the same on two states that differ only in what the player cannot see: its
    worlds come from resample_from_infostate (Game.redeal_hidden) only. A resampler that copies the
    real state instead gives a different search, so the test can tell."""
    state = _played(game_id, deal=9, moves=4)
    while len(state.legal_actions()) < 3:  # a choice to search
        state.apply_action(state.legal_actions()[0])
    p = state.current_player()
    twin = state.resample_from_infostate(p, random.Random(99).random)
    assert twin.game_now.view(1 - p) != state.game_now.view(1 - p)

    def fair(s, player, rng=random.Random(5)):
        return s.resample_from_infostate(player, rng.random)

    def fair_twin(s, player, rng=random.Random(5)):
        return s.resample_from_infostate(player, rng.random)

    assert _ismcts_root(state, fair) == _ismcts_root(twin, fair_twin)
    assert _ismcts_root(state, lambda s, player: s.clone()) != _ismcts_root(twin, lambda s, player: s.clone())


def test_a_laid_compound_shows_its_cards_to_the_other_player_not_the_steps():
    """Das Chemie-Kartenspiel: one action lays a whole compound. The steps that build it are private
    (the log's select and charge entries), so the other player's information state gains only the
    public entries (the confirm: the compound on the table), the mover's gains every step."""
    state = _played("chemiekarten", deal=5, moves=0)
    p = state.current_player()
    lay = next(a for a in state.legal_actions() if ": lay " in state.action_to_string(a))
    before = [state.information_state_string(x).splitlines() for x in (0, 1)]
    state.apply_action(lay)
    mine = state.information_state_string(p).splitlines()[len(before[p]):]
    theirs = state.information_state_string(1 - p).splitlines()[len(before[1 - p]):]
    assert any("select(" in line for line in mine) and mine[-1].endswith("confirm()")
    assert theirs == [line for line in mine if "select(" not in line and "charge(" not in line]
    assert not any("select(" in line for line in theirs)


def _whole_move_positions(games: int):
    """Positions of random games of whole moves through pyspiel (2 and 3 players)."""
    rng = random.Random(31)
    for deal in range(games):
        state = pyspiel.load_game(NAME("chemiekarten"), {"players": 2 + deal % 2}).new_initial_state()
        state.apply_action(deal)
        while not state.is_terminal():
            yield state
            state.apply_action(rng.choice(state.legal_actions()))


def test_whole_moves_are_the_hint_searchs_moves_and_each_is_legal():
    """Das Chemie-Kartenspiel's actions are whole moves: in the build phase every hint the game
    gives (its best builds) is one of them with the same steps, skip is one; in the attack phase
    each other player's compound and stop. Every move listed is made by the engine step by step
    without a refusal (a random game applies one in each position), the strings are unique."""
    from chemgames.spiel.moves import ATTACK, SKIP, STOP

    moves = schema("chemiekarten").moves
    seen = 0
    for state in _whole_move_positions(4):
        g = state.game_now
        legal = state.legal_actions()
        assert legal == sorted(set(legal)) and all(0 <= n < moves.num_actions for n in legal)
        texts = [state.action_to_string(n) for n in legal]
        assert len(set(texts)) == len(texts)
        listed = state.table.numbered
        steps = {tuple(moves.steps(g, m)) for m in listed.values()}
        if g.s_phase == "attack":
            assert set(legal) == {ATTACK + c.cid - 1 for c in g.s_table if c.owner != g.current_player} | {STOP}
        else:
            assert SKIP in legal
            for hint in g.hints(limit=12):
                assert tuple(hint.actions) in steps, hint
        for move in listed.values():  # every move starts with a step the engine takes now
            assert g.is_legal(moves.steps(g, move)[0])
        seen += 1
    assert seen > 100


def test_whole_move_numbers_do_not_depend_on_the_position_or_the_process():
    """A build's number is a hash of what it lays (not of the position): CO2 from C and two O has
    the same number in every hand that holds them, in this process and in a fresh one."""
    from chemgames.spiel.moves import BUILDS, SPACE, WholeMoves

    key = ((), (("C", 1, 4), ("O", 2, -2)), ())
    n = WholeMoves().number(key)
    assert BUILDS <= n < BUILDS + SPACE
    for hands in ([["C", "O", "O"]], [["O", "C", "O", "Na", "Cl"]]):
        g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=hands, lang="en")
        listed = WholeMoves().legal(g)
        assert [str(a) for a in WholeMoves.steps(g, listed[n])][-2:] == ["P1: charge(element=C, charge=4)", "P1: confirm()"]
    code = ("from chemgames.spiel.moves import WholeMoves; "
            "print(WholeMoves().number(((), (('C', 1, 4), ('O', 2, -2)), ())))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert int(out.stdout) == n


def test_chemiekarten_observation_tensor_counts_what_the_engine_holds_and_only_what_the_player_sees():
    """Das Chemie-Kartenspiel's observation tensor (``chemgames.spiel.tensors``): in every position of
    random games, for every player, its parts are the engine's own counts (the player's hand by
    kind, everyone's hand sizes, scores, the cards of each player's compounds by kind, whose move),
    and a world resampled from the player's information state (the other hands and the pile dealt
    anew) gives the same numbers, while the other player's tensor there may differ."""
    import numpy as np

    from chemgames.spiel.tensors import Layout

    game = pyspiel.load_game(NAME("chemiekarten"))
    assert game.get_type().provides_observation_tensor and not game.get_type().provides_information_state_tensor
    assert game.observation_tensor_shape() == [Layout.of("chemiekarten", 2).size]
    rng, seen, differ = random.Random(7), 0, 0
    for state in _whole_move_positions(2):
        g = state.game_now
        layout = Layout.of("chemiekarten", g.players)
        kinds = layout.kinds
        for p in range(g.players):
            t = np.asarray(state.observation_tensor(p))
            part = {name: t[layout.slices[name]] for name, _ in layout.parts}
            hand = Counter(g.kinds[i] for i in g.s_hands[p])
            assert list(part["hand"]) == [hand[k] for k in kinds]
            assert list(part["hand_sizes"]) == [len(h) for h in g.s_hands]
            assert list(part["scores"]) == list(g.scores())
            assert list(part["player"]) == [float(q == p) for q in range(g.players)]
            assert list(part["current"]) == [float(q == g.current_player) for q in range(g.players)]
            table = part["table"].reshape(g.players, len(kinds))
            for owner in range(g.players):
                laid = Counter(g.kinds[i] for c in g.s_table if c.owner == owner for i in c.card_ids())
                assert list(table[owner]) == [laid[k] for k in kinds]
            twin = state.resample_from_infostate(p, rng.random)
            assert list(np.asarray(twin.observation_tensor(p))) == list(t)
            other = (p + 1) % g.players
            differ += list(twin.observation_tensor(other)) != list(state.observation_tensor(other))
        seen += 1
    assert seen > 30 and differ > 0  # the resampled worlds do change what only the others see


def test_openspiel_ismcts_plays_whole_moves_of_chemiekarten():
    """OpenSpiel's ISMCTS through FieldBot decides a whole move of Das Chemie-Kartenspiel at once
    and then makes it step by step; every step it returns is legal."""
    from chemgames.spiel.opponents import FieldBot

    g = chemgames.new_game("chemiekarten", players=2, seed=4, lang="en")
    bot = FieldBot("chemiekarten", budget=0.05, seed=2)
    turns = 0
    while not g.is_over and turns < 4:
        p = g.current_player
        while g.current_player == p and not g.is_over:
            if p == 0:
                action = bot.choose(g)
                assert g.is_legal(action)
                g.apply(action)
            else:  # the other player makes its first hint, or ends the turn
                hints = g.hints(1)
                for action in hints[0].actions if hints else [g.legal_actions()[-1]]:
                    g.apply(action)
        turns += 1
    assert bot.times and len(bot.times) <= 4  # one decision a whole move, not one a step


def test_openspiel_mcts_plays_raeumab():
    """Räum-Ab! lays every card open: OpenSpiel's plain MCTS (which searches the real state) has
    nothing to peek at there and plays legal moves."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(NAME("raeumab"))
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    state = game.new_initial_state()
    state.apply_action(4)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.game_now.log) == 3
