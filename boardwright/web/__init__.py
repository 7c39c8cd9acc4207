"""The game server: tables played online through a public protocol (``boardwright serve``).

Needs the ``web`` extra (``pip install 'boardwright[web]'``): Starlette, uvicorn, SQLAlchemy,
Alembic and psycopg. :mod:`.app` assembles the routes (by concern, in :mod:`.routes`) over the shared request layer
:mod:`.http`; :mod:`.protocol` says what is sent and accepted, :mod:`.tables` holds the live tables
and their guarantees, :mod:`.storage` the database, :mod:`.bots` the bot workers (each a process running
:mod:`.botworker`) and :mod:`.leases` which server plays a table's bots, :mod:`.server` the command.
"""
