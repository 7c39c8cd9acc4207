"""The game server: tables played online through a public protocol (``boardwright serve``).

Needs the ``web`` extra (``pip install 'boardwright[web]'``): Starlette, uvicorn, SQLAlchemy,
Alembic and psycopg.

- :mod:`.server` the command, :mod:`.connections` (and :mod:`.addresses`) the connections it takes,
  :mod:`.limits` every bound a client meets;
- :mod:`.app` assembles the routes (by concern, in :mod:`.routes`) over the shared request layer
  :mod:`.http`; :mod:`.protocol` says what is sent and accepted;
- :mod:`.tables` the hub of changes and its guarantees, :mod:`.live` a table in memory and what it
  tells each seat, :mod:`.replays` finished games step by step, :mod:`.costs` what costly requests
  cost each client;
- :mod:`.storage` the database (:mod:`.sqlitefile` an SQLite file's own rules), :mod:`.logs` the log;
- :mod:`.bots` the bot workers (each a process running :mod:`.botworker`) and :mod:`.leases` which
  server plays a table's bots.
"""
