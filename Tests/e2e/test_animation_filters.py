"""`animations.list {running, since, limit}` against the real daemon: what is live, what was requested since a time,
and the first N with how many more, whatever the session's history (issue 30 #1)."""


def test_running_since_and_limit_pick_from_the_history(client):
    spring = {"spring": {"response": 0.4, "dampingFraction": 0.8}}
    # Ten springs on ten values at 0, 50, …, 450 ms; each settles 571.013738 ms after it starts (physics ideal).
    s = client.call("session.create", physics="ideal")["session"]
    for i in range(10):
        client.call("lab.animate", session=s, name=f"v{i}", to=1, curve=spring)
        client.call("clock.advance", session=s, ms=50)
    # now = 500: v0 (settles at 571) … v9 all still move; at 700 ms those started before 700 − 571 = 129 ms have
    # settled: v0, v1, v2 (0, 50, 100 ms).
    client.call("clock.advance", session=s, ms=200)
    # The app's own animations (the dashboard's gradient loop, requested at 0) are in the lists too.
    def lab(records):
        return [a["path"] for a in records if a["path"].startswith("lab.")]

    everything = client.call("animations.list", session=s)["animations"]
    assert lab(everything) == [f"lab.values.v{i}" for i in range(10)]
    running = client.call("animations.list", session=s, running=True)["animations"]
    assert lab(running) == [f"lab.values.v{i}" for i in range(3, 10)]
    assert len(running) == len(everything) - 3, "only the three settled springs are left out"
    assert all(a["state"] != "settled" for a in running)
    since = client.call("animations.list", session=s, since=300)["animations"]
    assert [a["requestedAt"] for a in since] == [300, 350, 400, 450]
    page = client.call("animations.list", session=s, since=100, limit=3)
    assert [a["requestedAt"] for a in page["animations"]] == [100, 150, 200] and page["more"] == 5
    assert client.call("animations.list", session=s, running=True, since=400)["animations"][0]["requestedAt"] == 400
    one = client.call("animations.list", session=s, path="lab.values.v9", running=True)["animations"]
    assert [a["path"] for a in one] == ["lab.values.v9"]
    assert client.call("animations.list", session=s, path="lab.values.v0", running=True)["animations"] == []
    assert "more" not in client.call("animations.list", session=s)
