"""Exit 0 when Python imports the choreo client, its pytest plugin is registered, and both come from SRC.

`make deps` runs this before installing the client (editable, from this checkout): a copy from elsewhere, a missing
`jsonschema` (the client's test extra) or no copy at all makes it exit 1, and the client is installed again.

    python3 scripts/client_installed.py clients/python/src
"""

import importlib.metadata
import os
import sys


def main(src: str) -> int:
    try:
        import choreo  # noqa: F401
        import jsonschema  # noqa: F401
    except ImportError:
        return 1
    here = os.path.realpath(src)
    if not os.path.realpath(choreo.__file__).startswith(here + os.sep):
        return 1
    plugins = [ep for ep in importlib.metadata.entry_points(group="pytest11") if ep.name == "choreo"]
    return 0 if plugins else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "clients/python/src"))
