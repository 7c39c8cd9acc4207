"""``python -m boardwright``: the same as the ``boardwright`` command."""

from .cli import main

if __name__ == "__main__":  # bot workers are spawned processes: they import this module too
    raise SystemExit(main())
