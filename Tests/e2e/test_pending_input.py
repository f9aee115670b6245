"""The daemon-wide budget of unfinished lines (issue 42 #7): each connection may hold the start of a line up to
--max-line-bytes, but all connections together hold at most --max-pending-input-bytes. A read that would pass it is
answered with one -32010 `pendingInputBytes` error line and its connection is closed; the others go on, and the budget
is free again once their lines are whole (before this limit, 100 connections each holding 8 MiB of an unfinished
line made the daemon hold 833 MB)."""
import json
import time

from choreo_harness import Client, Daemon

BUDGET = 4096
HALF = 3000  # two of these pass the budget; one does not


def start_of_line(request_id):
    return (b'{"jsonrpc":"2.0","id":' + str(request_id).encode() + b',"method":"daemon.info","params":{},"pad":"'
            + b"x" * HALF)


def refused_or_open(client):
    """The error line a refused connection gets (then its end), or None while it stays open."""
    client.sock.settimeout(0.5)
    try:
        line = client.read_line()
    except (TimeoutError, OSError):
        return None
    finally:
        client.sock.settimeout(20)
    reply = json.loads(line)
    try:
        client.read_line()
        raise AssertionError("a refused connection was not closed")
    except (EOFError, ConnectionResetError):
        pass  # closed (reset when it had sent more than the daemon read)
    return reply


def test_unfinished_lines_across_connections_are_bounded():
    args = ["--max-pending-input-bytes", str(BUDGET), "--max-line-bytes", "8192", "--log-level", "error"]
    with Daemon(args=args) as daemon:
        first, second = Client(daemon.socket_path), Client(daemon.socket_path)
        first.send_raw(start_of_line(1))
        time.sleep(0.3)  # read by the daemon before the second's
        second.send_raw(start_of_line(2))
        refusal = refused_or_open(second)
        assert refusal is not None, "the second unfinished line passed the daemon's budget and was kept"
        assert refusal["id"] is None
        assert refusal["error"]["code"] == -32010, refusal
        assert refusal["error"]["data"]["limit"] == "pendingInputBytes", refusal
        assert "--max-pending-input-bytes" in refusal["error"]["message"], refusal

        # A connection sending whole lines is untouched meanwhile.
        bystander = Client(daemon.socket_path)
        assert bystander.call("daemon.info")["name"] == "choreod"

        # The first finishes its line and is answered; then the budget is free for a new unfinished line.
        first.send_raw(b'"}\n')
        assert first.read_json()["id"] == 1
        third = Client(daemon.socket_path)
        third.send_raw(start_of_line(3))
        assert refused_or_open(third) is None, "the budget was not given back when the first line ended"
        third.send_raw(b'"}\n')
        assert third.read_json()["id"] == 3

        # A connection that closes holding an unfinished line gives its share back too.
        quitter = Client(daemon.socket_path)
        quitter.send_raw(start_of_line(4))
        time.sleep(0.3)
        quitter.close()
        time.sleep(0.3)
        fourth = Client(daemon.socket_path)
        fourth.send_raw(start_of_line(5))
        assert refused_or_open(fourth) is None, "a closed connection's unfinished line still counts"
        fourth.send_raw(b'"}\n')
        assert fourth.read_json()["id"] == 5
        info = bystander.call("daemon.info")
        assert info["limits"]["maxPendingInputBytes"] == BUDGET
