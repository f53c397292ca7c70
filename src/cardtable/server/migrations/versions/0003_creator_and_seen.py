"""Who opened a table (a hash of the client's address), whether anyone has connected, and a
version of the seats (a seat is taken by one conditional update on it).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("creator", sa.String(32), nullable=True))
    op.add_column("tables", sa.Column("seen", sa.Boolean, nullable=False, server_default=sa.true()))
    op.add_column(
        "tables", sa.Column("seats_version", sa.Integer, nullable=False, server_default="0")
    )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seats_version")
        batch.drop_column("seen")
        batch.drop_column("creator")
