"""Hints: whether a table's players may ask the search for advice. Tables stored before keep the
default a new table of theirs gets: allowed at a private table, not at an open one.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.true()))
    op.execute(sa.text("UPDATE tables SET hints = :off WHERE visibility = 'open'").bindparams(off=False))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
