"""Issue 30 #3: sessions on different connections are served at the same time (one lock per session), and nothing
a subscriber or an export sees shows it: events arrive once each and in order, and a session driven from two
connections at once exports a history that replays to the same trace. Run against a ThreadSanitizer build of
choreod too (make test-tsan), where a data race stops the daemon."""
import threading

from choreo_harness import Client, Daemon

ROUNDS = 150


def drive(path, session, seed, errors):
    """Sends ROUNDS rounds of animate, haptic and advance to one session on a connection of its own."""
    try:
        c = Client(path)
        for i in range(ROUNDS):
            c.call("lab.animate", session=session, name=f"v{i % 5}", to=i * seed,
                   curve={"spring": {"response": 0.3 + 0.05 * (i % 3), "dampingFraction": 0.8}})
            c.call("lab.haptic", session=session, style="light" if i % 2 else "success")
            c.call("clock.advance", session=session, ms=1 + (i * seed) % 13)
            if i % 10 == 0:
                c.call("state.get", session=session, path="lab")
        c.close()
    except Exception as error:  # reported by the test, which would otherwise only see a missing count
        errors.append(repr(error))


def test_sessions_driven_at_once_publish_every_event_once_and_in_order():
    with Daemon() as daemon:
        setup = daemon.client()
        a = setup.call("session.create")["session"]
        # b is a fork of a taken while a's springs move: the two share the frames SwiftUI's animator drew so far
        # (SwiftUIFrameCache, behind its own lock), and are then driven at once on different threads.
        for i in range(5):
            setup.call("lab.animate", session=a, name=f"v{i}", to=100,
                       curve={"spring": {"response": 0.4, "dampingFraction": 0.7}})
        setup.call("clock.advance", session=a, ms=50)
        setup.call("state.get", session=a, path="lab")
        b = setup.call("session.fork", session=a)["session"]
        watcher = daemon.client()
        subscriptions = {watcher.call("events.subscribe", session=s)["subscription"]: s for s in (a, b)}
        before = {s: len(setup.call("trace.get", session=s)["events"]) for s in (a, b)}
        errors = []
        # Session a from two connections at once, session b from a third.
        threads = [threading.Thread(target=drive, args=(daemon.socket_path, s, seed, errors))
                   for s, seed in ((a, 2), (a, 3), (b, 5))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        assert errors == []
        totals = {s: len(setup.call("trace.get", session=s)["events"]) for s in (a, b)}
        # Everything after the subscriptions is owed to the watcher.
        owed = sum(totals[s] - before[s] for s in (a, b))
        while len(watcher.notifications) < owed:
            message = watcher.read_json()
            assert message.get("method") == "event", message
            watcher.notifications.append(message)
        seen = {a: [], b: []}
        for message in watcher.notifications:
            params = message["params"]
            assert subscriptions[params["subscription"]] == params["session"]
            seen[params["session"]].append(params["event"]["seq"])
        for s in (a, b):
            assert seen[s] == list(range(before[s] + 1, totals[s] + 1)), f"{s}: events missing, repeated or out of order"
        # Session a's history, interleaved from two connections, replays to the same trace (import checks the
        # digest of the replay against the export's).
        snapshot = setup.call("session.export", session=a)
        # state.get changes nothing, so it is not an action; the 6 before the fork are a's too.
        assert len(snapshot["actions"]) == 6 + 2 * ROUNDS * 3
        restored = setup.call("session.import", snapshot=snapshot)
        assert restored["now"] == setup.call("clock.now", session=a)["now"]
