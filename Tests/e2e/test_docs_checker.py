"""scripts/check_docs.py, the runner of the docs' code blocks, fails on each kind of rotten example.

`make test-docs` runs it over the real docs."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKER = os.path.join(ROOT, "scripts", "check_docs.py")


def check(tmp_path, markdown):
    doc = tmp_path / "doc.md"
    doc.write_text(markdown)
    p = subprocess.run([sys.executable, CHECKER, str(doc)], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, CHOREOD=os.path.abspath(os.environ.get("CHOREOD", ".build/debug/choreod")),
                                JOURNEY=os.path.abspath(os.environ.get("JOURNEY", ".build/debug/journey"))))
    return p.returncode, p.stdout


@pytest.mark.parametrize("markdown, complaint", [
    ("```\nuntagged\n```\n", "say what the block is"),
    ("```yaml\njourney: x\n```\n", "must show a file of the repository"),
    ("<!-- file: journeys/examples/hero.yaml -->\n```yaml\njourney: edited in the doc only\n```\n",
     "the block differs from journeys/examples/hero.yaml"),
    ("```sh\njourney call clock.now '{\"session\": \"s9\"}'\n```\n", "the commands failed"),
    # The daemon already has sessions: a block that assumes it creates s1 is caught.
    ("```sh\njourney call session.create | jq -c .\n# {\"app\":\"finpessoal\",\"now\":0,\"session\":\"s1\"}\n```\n",
     "the block says"),
    ("```sh\necho '{\"now\": 1}'\n# {\"now\": 2}\n```\n", "the block says"),
    ("```python\nassert 1 + 1 == 3\n```\n", "the example failed"),
    ("```json\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"clock.now\",\"params\":{\"session\":\"s9\"}}\n```\n",
     "answered an error"),
    ("```text\n-> {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session.create\"}\n"
     "<- {\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{\"app\":\"airfit\",\"now\":0,\"session\":\"s1\"}}\n```\n",
     "the daemon said"),
    # Issue 27 #10: a renamed field in a shown reply fails, elided or not, and a reply must say what it answers.
    ("<!-- reply to: {\"method\": \"session.create\"} -->\n```json\n"
     "{\"app\": \"finpessoal\", \"now\": 0, \"sesion\": \"s1\"}\n```\n", "has no sesion"),
    ("```text\n-> {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session.create\"}\n"
     "<- {\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{\"app\":\"finpessoal\",\"sesion\":\"s1\", …}}\n```\n",
     "has no sesion"),
    ("```json\n{\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{}}\n```\n", "say which requests it answers"),
])
def test_a_rotten_block_fails_with_its_reason(tmp_path, markdown, complaint):
    code, out = check(tmp_path, markdown)
    assert code == 1, out
    assert "FAIL" in out and complaint in out, out


def test_a_block_marked_not_run_is_skipped_with_its_reason(tmp_path):
    code, out = check(tmp_path, "<!-- not run: it would format the disk -->\n```sh\nexit 1\n```\n")
    assert code == 0, out
    assert "skip" in out and "it would format the disk" in out, out


def test_a_stale_method_table_is_caught_and_regenerated(tmp_path):
    table = os.path.join(ROOT, "scripts", "method_table.py")
    readme = open(os.path.join(ROOT, "protocol", "README.md")).read()
    stale = tmp_path / "README.md"
    stale.write_text(readme.replace("| `clock.now` | `session` |", "| `clock.now` | `session, wallClock?` |"))
    check = subprocess.run([sys.executable, table, "--check", "--readme", str(stale)], capture_output=True, text=True)
    assert check.returncode == 1 and "make openrpc" in check.stderr, check.stderr
    subprocess.run([sys.executable, table, "--readme", str(stale)], check=True)
    assert stale.read_text() == readme
