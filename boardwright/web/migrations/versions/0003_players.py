"""Players, not seats: accounts and their sessions, names and owners of seats, open tables that start
when full, the chat of each table, ratings and their history.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(32), nullable=False),
        sa.Column("username_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password", sa.String(200), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("email", sa.String(254), nullable=True),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
    )
    op.create_index("sessions_account", "sessions", ["account_id"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("visibility", sa.String(8), nullable=False, server_default="private"))
        batch.add_column(sa.Column("started", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("closed", sa.String(200), nullable=True))
        batch.add_column(sa.Column("handed", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
        batch.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
        batch.add_column(sa.Column("creator_account", sa.Integer, nullable=True))
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("winners", sa.String(100), nullable=True))
    op.create_index("tables_visibility", "tables", ["visibility", "finished"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("name", sa.String(40), nullable=True))
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))
        batch.add_column(sa.Column("claim", sa.String(64), nullable=True))
        batch.add_column(sa.Column("mailed", sa.Integer, nullable=True))
        batch.add_column(sa.Column("place", sa.Integer, nullable=True))
    op.create_index("seats_account", "seats", ["account_id"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("channel", sa.String(10), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("chat_table", "chat", ["table_id", "id"])
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(120), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wins", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("subject", sa.String(120), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("rating_history_subject", "rating_history", ["subject", "game", "players"])
    op.create_index("rating_history_table", "rating_history", ["table_id"], unique=False)


def downgrade() -> None:
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_table("chat")
    op.drop_index("seats_account", "seats")
    with op.batch_alter_table("seats") as batch:
        for column in ("place", "mailed", "claim", "account_id", "name"):
            batch.drop_column(column)
    op.drop_index("tables_visibility", "tables")
    with op.batch_alter_table("tables") as batch:
        for column in ("winners", "rated", "creator_account", "rematch_of", "rematch", "handed", "closed", "started",
                       "visibility"):
            batch.drop_column(column)
    op.drop_index("sessions_account", "sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
