"""The multi-core group of `make bench` (issue 30 #3): do requests on different sessions use both cores?

Each session gets one connection from its own C load generator process (`loadgen`, pipelined windows of 16),
all running at once: 1, 2 and 10 sessions. Two requests: `clock.now` (cheap: the socket path dominates) and
`state.get` of a session with 100 lab values animating (the engine dominates). Reported as total replies per second
and as the speed-up over one session; on a machine with two cores, 2.0 would be perfect scaling. The load
generators share the two cores with the daemon, so what the daemon gets is less than two cores."""

import json
import subprocess
import time

REQUESTS = {
    "clock.now": '{"jsonrpc":"2.0","id":@,"method":"clock.now","params":{"session":"SESSION"}}',
    "state.get": '{"jsonrpc":"2.0","id":@,"method":"state.get","params":{"session":"SESSION","path":"lab"}}',
}


def busy(rpc, session):
    """100 lab values animating with springs (what state.get then evaluates)."""
    rpc.batch([("lab.animate", {"session": session, "name": f"v{i}", "to": i,
                                "curve": {"spring": {"response": 0.4, "dampingFraction": 0.8}}}) for i in range(100)])
    rpc.call("clock.advance", {"session": session, "ms": 50})


def run(bench, Rpc, median):
    seconds = 0.5 if bench.args.quick else 1.5
    out = {}
    with bench.choreod_server() as server:
        rpc = Rpc(server.path)
        sessions = [rpc.call("session.create")["session"] for _ in range(10)]
        for session in sessions:
            busy(rpc, session)
        rpc.close()
        for name, template in REQUESTS.items():
            out[name] = {}
            for count in (1, 2, 10):
                rounds = []
                for _ in range(bench.reps):
                    procs = []
                    for session in sessions[:count]:
                        argv = [bench.c("loadgen"), "--socket", server.path, "--conns", "1", "--window", "16",
                                "--seconds", str(seconds), "--warmup", "0.2",
                                "--request", template.replace("SESSION", session)]
                        procs.append(subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
                    total = 0.0
                    for p in procs:
                        stdout, stderr = p.communicate(timeout=60)
                        if p.returncode != 0:
                            raise RuntimeError(f"loadgen: {stderr.strip()}")
                        total += json.loads(stdout)["rps"]
                    rounds.append(total)
                out[name][count] = median(rounds)
    bench.results["multicore"] = out
    sec = "both cores (one connection per session, each from its own loadgen, windows of 16)"
    for name in REQUESTS:
        one = out[name][1]
        for count in (1, 2, 10):
            value = out[name][count]
            bench.row(sec, f"{name}, {count} session{'s' if count > 1 else ''}: req/s", value, "req/s", one,
                      "1 session", value / one)
