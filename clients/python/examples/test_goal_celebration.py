"""A user's test of FinPessoal's goal completion celebration (issue 5), written the way an app team would.

Run it with the plugin (it starts a private choreod for the run):

    CHOREOD=.build/debug/choreod pytest clients/python/examples

When a goal reaches 100 %, the app plays a `refined` 2 s celebration with the `achievement` haptic pattern, whose
first tap lands at the peak of the pulse's entrance, 200 ms after the celebration starts; with VoiceOver it announces
"Goal completed! NAME". It never celebrates the same goal twice.
"""

from choreo import Choreo

#: The `achievement` haptic pattern, a crescendo (its exact taps are fixed in protocol/behavior.md).
ACHIEVEMENT = ["light", "medium", "heavy"]

EMERGENCY_FUND = {"id": "g1", "name": "Emergency fund", "target": 1000, "saved": 850}


def test_completing_a_goal_plays_the_achievement_celebration(choreo: Choreo) -> None:
    with choreo.session(data={"goals": [EMERGENCY_FUND]}, settings={"voiceOver": True}) as s:
        s.navigate("goals")

        # Contribute to g1 until it is complete; nothing celebrates before 100 %.
        while s.state("data.goals.0.saved") < s.state("data.goals.0.target"):
            assert s.state("celebration.current") is None
            s.contribute("g1", 50)
        completed_at = s.now()

        celebration = s.state("celebration.current")
        assert celebration["occasion"] == "goal"
        assert celebration["source"] == "g1"
        assert celebration["style"] == "refined"
        assert celebration["haptic"] == "achievement"
        assert celebration["endsAt"] - celebration["startedAt"] == 2000

        # 200 ms in, at the peak of the pulse, the achievement pattern starts.
        s.advance(200)
        assert s.state("celebration.current.occasion") == "goal"
        first = s.haptics(since=completed_at)[0]
        assert (first["t"], first["style"]) == (completed_at + 200, ACHIEVEMENT[0])

        s.advance(1800)  # to the end of the 2 s celebration
        haptics = s.haptics(since=completed_at)
        assert [h["style"] for h in haptics] == ACHIEVEMENT
        assert [h["t"] for h in haptics] == sorted(h["t"] for h in haptics)

        assert [a["text"] for a in s.announcements(since=completed_at)] == ["Goal completed! Emergency fund"]

        # Never twice for the same goal.
        s.settle()
        assert s.state("celebration.current") is None
        s.contribute("g1", 100)
        s.settle()
        assert len(s.haptics(since=completed_at)) == len(ACHIEVEMENT)
        assert s.state("celebration.queue") == []
