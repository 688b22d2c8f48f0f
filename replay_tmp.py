import random, sys
from tests.team_support import random_event, play, CODES
from swissbridge.plugins.team import TeamSystem
from swissbridge.pairing import NoLegalPairing
from swissbridge.formats.trf import write_trf
seed, target_event, target_round = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed); event = 0
while True:
    event += 1
    teams = rng.randint(5, 40); rounds = min(rng.randint(4, 11), teams - 1); code = rng.choice(CODES)
    t = random_event(rng, teams, rng.choice((2, 4, 6)), rounds, code)
    for r in range(1, rounds + 1):
        try: pairing = TeamSystem().pair(t, r)
        except NoLegalPairing: break
        if event == target_event and r == target_round:
            open('/tmp/teamtmp/replay.trf','w').write(write_trf(t)); print(code, pairing.pairlist()); sys.exit()
        t = play(rng, t, pairing)
