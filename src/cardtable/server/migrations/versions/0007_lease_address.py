"""Where a table's owner can be reached: the lease names the owner's public address, so a
client that connects to another process is sent there (docs/deploy.md, "Fifth sitting:
clients served by the owner").

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("leases", sa.Column("address", sa.String(300), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("leases") as batch:
        batch.drop_column("address")
