"""A Unix socket in front of a daemon's that records what clients send: `make bench`'s `mix` group replays the
acceptance suite's requests with it, and the end-to-end tests check what `journey run` sends and when."""
import json
import socket
import threading


class RecordingProxy:
    """A Unix socket in front of a daemon's that passes everything through and keeps every line clients send, in
    the order the daemon gets them."""

    def __init__(self, target, path):
        self.target, self.path, self.lines = target, path, []
        self.lock = threading.Lock()
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(path)
        self.listener.listen(16)
        self.threads = [threading.Thread(target=self._accept, daemon=True)]
        self.threads[0].start()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            upstream.connect(self.target)
            for args in ((client, upstream, True), (upstream, client, False)):
                thread = threading.Thread(target=self._pipe, args=args, daemon=True)
                thread.start()
                self.threads.append(thread)

    def _pipe(self, source, sink, record):
        pending = b""
        while True:
            try:
                chunk = source.recv(1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                try:
                    sink.shutdown(socket.SHUT_WR)
                except OSError:
                    pass
                return
            if record:
                pending += chunk
                *complete, pending = pending.split(b"\n")
                # Recorded before it is passed on: the daemon answers it only once it has it.
                with self.lock:
                    self.lines.extend(complete)
            sink.sendall(chunk)

    def stop(self):
        self.listener.close()

    def messages(self):
        """The recorded lines, parsed, in the order the daemon got them."""
        with self.lock:
            return [json.loads(line) for line in self.lines if line.strip()]
