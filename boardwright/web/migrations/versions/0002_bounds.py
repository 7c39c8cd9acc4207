"""What a server bounds: the address that created each table (per-address caps and quotas), tables
expired unfinished (never resumed), and the lease that lets one server at a time play a table's bots.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("address", sa.String(64), nullable=True))
        batch.add_column(sa.Column("expired", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("tables_address", "tables", ["address"])
    op.create_table(
        "bot_leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("bot_leases")
    op.drop_index("tables_address", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("expired")
        batch.drop_column("address")
