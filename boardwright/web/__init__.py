"""The game server: tables played online through a public protocol (``boardwright serve``).

Needs the ``web`` extra (``pip install 'boardwright[web]'``): Starlette, uvicorn, SQLAlchemy,
Alembic and psycopg. :mod:`.app` holds the routes, :mod:`.protocol` what is sent and accepted,
:mod:`.tables` the live tables and their guarantees, :mod:`.storage` the database, :mod:`.bots`
the bot workers, :mod:`.server` the command.
"""
