"""Tables, their seats, their action logs and snapshot digests.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("game_version", sa.String(20), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.String(40), nullable=False),
        sa.Column("creator", sa.String(64), nullable=False),
        sa.Column("timer", sa.Integer, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
    )
    op.create_index("tables_unfinished", "tables", ["finished"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(100), nullable=False),
        sa.Column("token", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(100), nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "snapshots",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("digest", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_table("tables")
