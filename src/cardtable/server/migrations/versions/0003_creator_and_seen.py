"""Who opened a table (a hash of the client's address) and whether anyone has connected.

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


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seen")
        batch.drop_column("creator")
